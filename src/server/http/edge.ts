// What happens at the edge, before a route's own code: every response has the product's error shape and the
// security headers whatever produced it (the router, Node's HTTP parser, a route), and text the database cannot
// store is refused here, once, instead of in every route.
import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ERRORS, type TErrorCode } from "../../shared/errors";
import { errorBody } from "./errors";

// PostgreSQL refuses U+0000 in text and in jsonb, wherever it sits; `%00` is how it arrives in an address.
export function hasNulInUrl(url: string): boolean {
  return /%00/i.test(url) || url.includes("\u0000");
}

/**
 * True when a parsed body holds U+0000 in any string or key, however deep. Iterative, so a deeply nested body
 * (JSON.parse accepts thousands of levels) cannot overflow the stack.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (v.includes("\u0000")) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v && typeof v === "object") {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes("\u0000")) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Errors the router raises before any hook runs (an address that is not valid percent-encoding, a path segment
 * longer than any id): answered in the product's shape, with the headers every response carries. A segment too
 * long to be an id is answered like an unknown id (404).
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const code: TErrorCode = error.code === "FST_ERR_BAD_URL" ? "BAD_URL" : error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "NOT_FOUND" : "INTERNAL";
    if (code === "INTERNAL") request.log.error({ err: error }, "framework error");
    reply.headers(headers);
    reply.header("x-request-id", request.id);
    return reply.status(ERRORS[code].status).send(errorBody(code, request.id));
  };
}

/**
 * Requests Node's HTTP parser refuses (a malformed request line or header, headers too large, a request that
 * took too long to arrive) never reach Fastify: the answer is written to the socket here, still in the product's
 * shape and with its headers, then the connection is closed as Node would.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === "ECONNRESET" || socket.destroyed) return;
    const code: TErrorCode = err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? "REQUEST_TIMEOUT" : err.code === "HPE_HEADER_OVERFLOW" ? "HEADERS_TOO_LARGE" : "BAD_REQUEST";
    const status = ERRORS[code].status;
    const requestId = randomUUID();
    const body = JSON.stringify(errorBody(code, requestId));
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? "Bad Request"}`,
      "content-type: application/json; charset=utf-8",
      `content-length: ${Buffer.byteLength(body)}`,
      `x-request-id: ${requestId}`,
      "connection: close",
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
    socket.destroy(err);
  };
}

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large" };
