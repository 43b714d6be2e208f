-- The bank's search ("contains" over the folded texts) through a trigram index (docs/decisions/0039). pg_trgm is a
-- trusted extension shipped with PostgreSQL (Debian's postgresql-15 package holds it; PGlite loads it from
-- src/server/db/pglite.ts): the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "bank_items_search_text_trgm_idx" ON "bank_items" USING gin ("search_text" gin_trgm_ops);
