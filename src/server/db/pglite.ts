// Every embedded database the app opens (the server, a backup, the tests) loads the same PostgreSQL extensions, so
// that one set of migrations runs here and on a PostgreSQL server (docs/decisions/0039): pg_trgm, whose trigram
// index the bank's search uses. A PGlite opened without it could not use that index, nor migrate.
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const PGLITE_EXTENSIONS = { pg_trgm };

/** PGlite.create with the app's extensions: in memory without `dataDir`. */
export function createPGlite(dataDir?: string, options: Omit<PGliteOptions, "extensions" | "dataDir"> = {}): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, extensions: PGLITE_EXTENSIONS });
}
