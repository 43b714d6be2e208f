-- A person searched ("contains" over profiles.search_key, db/like.ts personMatches) through a trigram index, as the
-- bank's texts are (0019; docs/decisions/0039 and 0068): at a ministry's 200,000 people a scan of every key was
-- 35 ms a statement, twice a view. pg_trgm is already loaded by 0019, in the embedded database and on a server.
CREATE INDEX "profiles_search_key_trgm_idx" ON "profiles" USING gin ("search_key" gin_trgm_ops);