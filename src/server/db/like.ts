// Searching text with LIKE and ILIKE: what the user typed is matched literally, its % _ and \ escaped.
import { sql, type SQL } from "drizzle-orm";
import { profiles } from "./schema";

/** "50%_off" → "%50\%\_off%" (contains; case-insensitive with ilike, or with LIKE on lowered text). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A person (profiles) whose name, email or username contains `q`, in any case: the database keeps them in lower case
 * in profiles.search_key (migration 0050; decision 0067), so the search is a plain LIKE on one column, not ILIKE on
 * three. The pattern is lowered by the database too, so both sides fold alike.
 */
export function personMatches(q: string): SQL {
  return sql`${profiles.searchKey} like lower(${containsPattern(q)})`;
}
