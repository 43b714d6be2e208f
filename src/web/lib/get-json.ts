// A plain GET of JSON, for the two reads every public page may make (the public config, who is signed in).
// Unlike api.ts it does not turn failures into catalogue messages, so the public pages do not download the
// error catalogue (docs/decisions/0008). A network failure or an abort throws, as fetch does.
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<{ status: number; data: T | null }> {
  const response = await fetch(path, { headers: { accept: "application/json" }, credentials: "same-origin", signal });
  return { status: response.status, data: response.ok ? ((await response.json()) as T) : null };
}
