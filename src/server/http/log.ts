// What the logs may say about an error. A failed query carries its parameters (answer texts, names, emails) in
// its message and fields, and PostgreSQL's `detail` repeats the values of a violated key: none of that is
// written. Kept: what a person needs to find the bug (the error's type, code, constraint, table, the SQL text with
// its $1 placeholders, the stack without the values).
import type { FastifyBaseLogger } from "fastify";

const KEPT_FIELDS = ["code", "constraint", "table", "column", "schema", "routine", "severity", "statusCode", "errno", "syscall"] as const;
/** Drizzle's "Failed query: …\nparams: a,b,c". */
const PARAMS = /\nparams: [\s\S]*$/;
/** PostgreSQL quotes the offending value at the end: 'invalid input syntax for type integer: "…"'. */
const QUOTED_VALUE = /(: )"[\s\S]*"$/;

function redactMessage(message: string): string {
  return message.replace(PARAMS, "\nparams: [redacted]").replace(QUOTED_VALUE, '$1"[redacted]"');
}

type TSerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function serializeError(err: unknown, depth = 0): TSerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: redactMessage(String(err)), stack: "" };
  const e = err as Error & Record<string, unknown>;
  const message = redactMessage(e.message);
  // The stack's first lines repeat the message.
  const out: TSerializedError = { type: e.constructor?.name || e.name, message, stack: (e.stack ?? "").replace(e.message, message) };
  for (const key of KEPT_FIELDS) if (e[key] !== undefined && typeof e[key] !== "object") out[key] = e[key];
  if (typeof e.query === "string") out.query = e.query;
  if (depth < 5 && e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1);
  if (depth < 5 && Array.isArray(e.errors)) out.errors = (e.errors as unknown[]).slice(0, 5).map((inner) => serializeError(inner, depth + 1));
  return out;
}

/**
 * While the database is unreachable every request fails the same way; one line says so, with how many requests
 * were answered 503 since the last line, instead of one line per request.
 */
const OUTAGE_LOG_INTERVAL_MS = 60_000;
let outage = { loggedAt: 0, unlogged: 0 };

export function logDatabaseUnavailable(log: FastifyBaseLogger, err: unknown, now = Date.now()): void {
  if (now - outage.loggedAt < OUTAGE_LOG_INTERVAL_MS) {
    outage.unlogged++;
    return;
  }
  log.error({ err, answeredUnavailableSinceLastLine: outage.unlogged }, "database unavailable: answering 503 until it is back");
  outage = { loggedAt: now, unlogged: 0 };
}

/** For tests: the next outage starts logging afresh. */
export function resetOutageLog(): void {
  outage = { loggedAt: 0, unlogged: 0 };
}

const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"];

/**
 * Runs start-up work with the logs at warn or quieter: the warm-up's few hundred requests and Fastify's "Server
 * listening" lines are no news to whoever starts Qias, whose one line is "Qias is running on …" (issue 19). A
 * request's logger takes its level when the request arrives, so only what happens during `work` is quiet; traffic
 * after it is logged as LOG_LEVEL says, and a failure (error) still shows.
 */
export async function quietly<T>(log: FastifyBaseLogger, work: () => Promise<T>): Promise<T> {
  const level = log.level;
  if (LEVELS.indexOf(level) < LEVELS.indexOf("warn")) log.level = "warn";
  try {
    return await work();
  } finally {
    log.level = level;
  }
}
