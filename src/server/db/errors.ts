// PostgreSQL constraint failures, recognised whether the driver error comes bare or wrapped by Drizzle.

/**
 * A foreign key's refusal: 23503 (foreign_key_violation: a missing parent, or NO ACTION) and 23001
 * (restrict_violation: deleting a parent that an ON DELETE RESTRICT key still points at, e.g. a school's users or
 * the forms attempts were given).
 */
const FOREIGN_KEY_CODES = new Set(["23503", "23001"]);
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return FOREIGN_KEY_CODES.has(e?.code ?? "") || FOREIGN_KEY_CODES.has(e?.cause?.code ?? "");
}

export function isUniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.code === "23505") return e.constraint ?? "";
  if (e?.cause?.code === "23505") return e.cause.constraint ?? "";
  return null;
}

// Signs that the database could not be reached or went away mid-query (a restart, a failover, a network cut),
// as opposed to a query that is wrong: the first is the client's to retry later (503), the second a bug (500).
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "57P01", // admin_shutdown: the server is stopping
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "08000", // connection_exception and its kinds
  "08001",
  "08003",
  "08004",
  "08006",
]);
const UNAVAILABLE_MESSAGES = /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed|not queryable|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0; e && depth < 6; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    // Node reports a refused connection to a name with several addresses as an AggregateError.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
