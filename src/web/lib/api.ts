// The one way the web app talks to the server: JSON in, JSON out, the session cookie along, and every failure
// thrown as an ApiError carrying the server's TErrorBody (or a NETWORK one when the server was not reached).
import type { TErrorBody } from "@shared/errors";
import { asErrorBody, bodyFromCode, NETWORK_ERROR } from "./errors";

export class ApiError extends Error {
  readonly status: number;
  readonly body: TErrorBody;

  constructor(status: number, body: TErrorBody) {
    super(body.message.en);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }

  get code(): string {
    return this.body.code;
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

export type TApiOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
};

function codeForStatus(status: number): string {
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status === 415) return "UNSUPPORTED_MEDIA_TYPE";
  if (status === 502 || status === 503 || status === 504) return "UNAVAILABLE";
  return "INTERNAL";
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * `api<T>("/api/auth/me")`, `api<T>("/api/auth/login", { method: "POST", body })`.
 * Requests other than GET always carry `content-type: application/json` and a JSON body (`{}` when none is
 * given): the server accepts state-changing requests only as JSON.
 */
export async function api<T>(path: string, options: TApiOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { accept: "application/json" };
  let body: string | undefined;
  if (method !== "GET") {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body ?? {});
  }

  let response: Response;
  let text: string;
  try {
    response = await fetch(path, { method, headers, body, credentials: "same-origin", signal: options.signal });
    text = response.status === 204 ? "" : await response.text();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, bodyFromCode(NETWORK_ERROR.code));
  }

  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    const requestId = response.headers.get("x-request-id") ?? "";
    throw new ApiError(response.status, asErrorBody(data) ?? bodyFromCode(codeForStatus(response.status), requestId));
  }
  return data as T;
}
