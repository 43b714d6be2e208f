// One error type and one handler: every failure leaves the server as { code, title, message, requestId },
// in both languages, never with a stack trace.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ERRORS, fillText, isErrorCode, issueVars, type TErrorBody, type TErrorCode } from "../../shared/errors";
import { isDatabaseUnavailable } from "../db/errors";
import { logDatabaseUnavailable } from "./log";

/** How long a client should wait before retrying while the database is unreachable (a restart takes seconds). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly fields?: TErrorBody["fields"];
  readonly headers?: Record<string, string>;
  /** Values for {placeholders} in the message, e.g. { limitMb: 25 }. */
  readonly vars?: Record<string, string | number>;
  readonly details?: TErrorBody["details"];

  constructor(
    code: TErrorCode,
    options: {
      fields?: TErrorBody["fields"];
      headers?: Record<string, string>;
      vars?: Record<string, string | number>;
      details?: TErrorBody["details"];
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = ERRORS[code].status;
    this.fields = options.fields;
    this.headers = options.headers;
    this.vars = options.vars;
    this.details = options.details;
  }
}

export function errorBody(code: TErrorCode, requestId: string, fields?: TErrorBody["fields"], vars?: Record<string, string | number>): TErrorBody {
  const entry = ERRORS[code];
  return { code, title: entry.title, message: fillText(entry.message, vars), requestId, ...(fields?.length ? { fields } : {}) };
}

type TIssue = { path?: PropertyKey[]; message?: string; instancePath?: string };

/**
 * Validation issues → a field list. Shared schemas word their messages as error codes (LOGIN_INVALID_EMAIL…);
 * the first such code becomes the response code, so the form and the server say the same thing.
 */
function fromIssues(issues: TIssue[], requestId: string): TErrorBody {
  const fields = issues.map((issue) => {
    const code = isErrorCode(issue.message) ? issue.message : "VALIDATION_FAILED";
    const p = issue.path?.length ? issue.path.map(String).join(".") : (issue.instancePath ?? "").replace(/^\//, "").replace(/\//g, ".");
    return { path: p, code, message: fillText(ERRORS[code].message, issueVars(p)) };
  });
  const specific = fields.find((f) => f.code !== "VALIDATION_FAILED");
  return errorBody(specific ? (specific.code as TErrorCode) : "VALIDATION_FAILED", requestId, fields, specific ? issueVars(specific.path) : undefined);
}

/** A framework's or plugin's 4xx status → the catalogue's code for it; any other 4xx is VALIDATION_FAILED. */
const FRAMEWORK_STATUS_CODES: Partial<Record<number, TErrorCode>> = {
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  412: "PRECONDITION_FAILED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  416: "RANGE_NOT_SATISFIABLE",
};

/**
 * Headers a handler set for the content it meant to send. An error in its place (a stored file's stream that fails
 * before its first byte) must not carry them: the type would stop the body being sent as JSON at all, and a 500
 * would keep the range, the download name and the year-long cache of the bytes it replaces.
 */
const CONTENT_HEADERS = ["content-type", "content-length", "content-range", "content-disposition", "content-encoding", "accept-ranges", "etag", "last-modified", "cache-control"];

function clearContentHeaders(reply: FastifyReply) {
  for (const name of CONTENT_HEADERS) {
    reply.removeHeader(name);
    // A stream's headers are already on the raw response, waiting for its first byte.
    if (!reply.raw.headersSent) reply.raw.removeHeader(name);
  }
  reply.header("cache-control", "no-store");
}

export function handleError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  const requestId = request.id;
  clearContentHeaders(reply);
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.code);
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.status).send({ ...errorBody(error.code, requestId, error.fields, error.vars), ...(error.details ? { details: error.details } : {}) });
  }
  const fe = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(error) || fe.validation) {
    const issues = hasZodFastifySchemaValidationErrors(error)
      ? error.validation.map((v) => ({ message: v.message, instancePath: v.instancePath }))
      : (fe.validation as TIssue[]);
    const body = fromIssues(issues, requestId);
    // The code's own status when the schema names a 4xx one (a malformed id is answered like a missing one, 404; a
    // field past its size, 413), so code and status never disagree; any other bad input is a 400.
    const own = isErrorCode(body.code) ? ERRORS[body.code].status : 400;
    const status = own >= 400 && own < 500 ? own : 400;
    return reply.status(status).send(body);
  }
  switch (fe.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return reply.status(400).send(errorBody("BAD_JSON", requestId));
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return reply.status(413).send(errorBody("PAYLOAD_TOO_LARGE", requestId));
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return reply.status(415).send(errorBody("UNSUPPORTED_MEDIA_TYPE", requestId));
  }
  if (error instanceof SyntaxError && fe.statusCode === 400) return reply.status(400).send(errorBody("BAD_JSON", requestId));
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    const code: TErrorCode = FRAMEWORK_STATUS_CODES[fe.statusCode] ?? "VALIDATION_FAILED";
    // A plugin's error may carry headers the answer needs (@fastify/static's 416 carries Content-Range: bytes */size).
    const headers = (error as { headers?: Record<string, string> }).headers;
    if (headers && typeof headers === "object") reply.headers(headers);
    return reply.status(fe.statusCode).send(errorBody(code, requestId));
  }
  if (isDatabaseUnavailable(error)) {
    logDatabaseUnavailable(request.log, error);
    return reply.status(503).header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS)).send(errorBody("UNAVAILABLE", requestId));
  }
  request.log.error({ err: error }, "unhandled error");
  return reply.status(500).send(errorBody("INTERNAL", requestId));
}
