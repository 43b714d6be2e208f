// How the app calls its server: requestJson (request-json.ts), with every failure thrown as an ApiError
// carrying the server's TErrorBody (or a NETWORK one when the server was not reached).
import type { TErrorBody } from "@shared/errors";
import { asErrorBody, bodyFromCode, NETWORK_ERROR } from "./errors";
import { requestJson, type TApiOptions } from "./request-json";

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

/** `api<T>("/api/auth/me")`, `api<T>("/api/auth/login", { method: "POST", body })` (see request-json.ts). */
export async function api<T>(path: string, options: TApiOptions = {}): Promise<T> {
  let response: Awaited<ReturnType<typeof requestJson<T>>>;
  try {
    response = await requestJson<T>(path, options);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, bodyFromCode(NETWORK_ERROR.code));
  }
  if (!response.ok) {
    throw new ApiError(response.status, asErrorBody(response.data) ?? bodyFromCode(codeForStatus(response.status), response.requestId));
  }
  return response.data as T;
}
