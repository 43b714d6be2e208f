// How the web app sends a request to its server: JSON in, JSON out, the session cookie along. Requests other
// than GET always carry `content-type: application/json` and a JSON body (`{}` when none is given): the server
// accepts state-changing requests only as JSON. No error handling here — api.ts turns failures into the error
// catalogue's words; the public pages call this directly so they do not download that catalogue (decision 0008).
// A network failure or an abort throws, as fetch does.
export type TApiOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
};

export type TJsonResponse<T> = { ok: boolean; status: number; requestId: string; data: T | undefined };

export async function requestJson<T>(path: string, options: TApiOptions = {}): Promise<TJsonResponse<T>> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { accept: "application/json" };
  let body: string | undefined;
  if (method !== "GET") {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body ?? {});
  }
  const response = await fetch(path, { method, headers, body, credentials: "same-origin", signal: options.signal });
  const text = response.status === 204 ? "" : await response.text();
  let data: T | undefined;
  try {
    data = text ? (JSON.parse(text) as T) : undefined;
  } catch {
    data = undefined;
  }
  return { ok: response.ok, status: response.status, requestId: response.headers.get("x-request-id") ?? "", data };
}
