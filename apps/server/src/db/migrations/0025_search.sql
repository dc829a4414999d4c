-- Search (issue 39): full-text search over messages and posts, trigram matching over people's and communities' names.
-- Both extensions are "trusted" since PostgreSQL 13: a database owner creates them without being a superuser. The
-- embedded server's binaries and Debian's PostgreSQL both ship them.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- One configuration for every language: no stemming and no stop words (`simple`: a word is found as written, in any
-- script), accents folded (unaccent first, so "café" finds "cafe" and the other way round).
CREATE TEXT SEARCH CONFIGURATION "tribeverse_search" (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "tribeverse_search"
  ALTER MAPPING FOR asciihword, asciiword, hword, hword_asciipart, hword_part, word WITH public.unaccent, pg_catalog.simple;
--> statement-breakpoint
-- The words of each message and post, kept by PostgreSQL itself with every write (a generated column: no send or edit
-- statement changes, and a deleted message, whose text is cleared, leaves the index with it). Not declared in the
-- Drizzle schema on purpose: Drizzle lists every declared column in its selects and RETURNING, so every history page
-- and every send would carry the vector back; only the search repository names it.
ALTER TABLE "messages" ADD COLUMN "search" tsvector
  GENERATED ALWAYS AS (to_tsvector('public.tribeverse_search'::regconfig, "text")) STORED;
--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search" tsvector
  GENERATED ALWAYS AS (to_tsvector('public.tribeverse_search'::regconfig, "text")) STORED;
--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");
--> statement-breakpoint
-- Names compared folded (lower case, accents off). unaccent() itself is only STABLE (its rules file could change), so
-- an index cannot use it directly; this wrapper names the dictionary and is declared IMMUTABLE, the usual way.
CREATE FUNCTION "tribeverse_fold"(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
CREATE INDEX "users_search_name_idx" ON "users"
  USING gin ("tribeverse_fold"(coalesce("full_name", '') || ' ' || coalesce("username", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "communities_search_name_idx" ON "communities" USING gin ("tribeverse_fold"("name") gin_trgm_ops);
