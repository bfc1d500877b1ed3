-- Custom SQL migration file, put your code below! --
-- Search postings and the catalogue version (issue 3, speed; docs/decisions/003-catalogue-and-search.md).
-- 1. search_postings: one row per (word of 3+ characters, title or channel), kept by triggers from
--    search_text. A query word is a btree range over `word` ("C" collation: every word starting with w
--    sorts in [w, w || U+10FFFF)), read from the index alone (rating and first-word flag are included),
--    so a 3-letter prefix matching thousands of titles costs an index range, not thousands of heap rows.
--    kind: 'c' = contents, 'h' = channels.
CREATE TABLE IF NOT EXISTS "search_postings" (
  "word" text COLLATE "C" NOT NULL,
  "kind" "char" NOT NULL,
  "id" integer NOT NULL,
  "first" boolean NOT NULL,
  "rating" real NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_postings_word_idx" ON "search_postings" ("word", "kind", "id") INCLUDE ("first", "rating");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_postings_entry_idx" ON "search_postings" ("kind", "id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_postings_contents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM search_postings p USING removed WHERE p.kind = 'c' AND p.id = removed.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO search_postings (word, kind, id, first, rating)
    SELECT w.word, 'c', written.id, min(w.n) = 1, written.rating
      FROM written, unnest(string_to_array(written.search_text, ' ')) WITH ORDINALITY AS w(word, n)
     WHERE length(w.word) >= 3
     GROUP BY w.word, written.id, written.rating;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_postings_channels"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM search_postings p USING removed WHERE p.kind = 'h' AND p.id = removed.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO search_postings (word, kind, id, first, rating)
    SELECT w.word, 'h', written.id, min(w.n) = 1, 0
      FROM written, unnest(string_to_array(written.search_text, ' ')) WITH ORDINALITY AS w(word, n)
     WHERE length(w.word) >= 3
     GROUP BY w.word, written.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_postings_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings WHERE kind = TG_ARGV[0]::"char";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contents_search_postings_insert" AFTER INSERT ON "contents"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_contents"();
--> statement-breakpoint
CREATE TRIGGER "contents_search_postings_update" AFTER UPDATE ON "contents"
  REFERENCING OLD TABLE AS removed NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_contents"();
--> statement-breakpoint
CREATE TRIGGER "contents_search_postings_delete" AFTER DELETE ON "contents"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_contents"();
--> statement-breakpoint
CREATE TRIGGER "contents_search_postings_truncate" AFTER TRUNCATE ON "contents"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_truncate"('c');
--> statement-breakpoint
CREATE TRIGGER "channels_search_postings_insert" AFTER INSERT ON "channels"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_channels"();
--> statement-breakpoint
CREATE TRIGGER "channels_search_postings_update" AFTER UPDATE ON "channels"
  REFERENCING OLD TABLE AS removed NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_channels"();
--> statement-breakpoint
CREATE TRIGGER "channels_search_postings_delete" AFTER DELETE ON "channels"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_channels"();
--> statement-breakpoint
CREATE TRIGGER "channels_search_postings_truncate" AFTER TRUNCATE ON "channels"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_truncate"('h');
--> statement-breakpoint
INSERT INTO "search_postings" ("word", "kind", "id", "first", "rating")
SELECT w.word, 'c', c.id, min(w.n) = 1, c.rating
  FROM contents c, unnest(string_to_array(c.search_text, ' ')) WITH ORDINALITY AS w(word, n)
 WHERE length(w.word) >= 3
 GROUP BY w.word, c.id, c.rating;
--> statement-breakpoint
INSERT INTO "search_postings" ("word", "kind", "id", "first", "rating")
SELECT w.word, 'h', ch.id, min(w.n) = 1, 0
  FROM channels ch, unnest(string_to_array(ch.search_text, ' ')) WITH ORDINALITY AS w(word, n)
 WHERE length(w.word) >= 3
 GROUP BY w.word, ch.id;
--> statement-breakpoint
-- The word-array GIN indexes of 0003 are replaced by the postings (the trigram ones stay, for phrases
-- of short words).
DROP INDEX IF EXISTS "contents_search_words_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "channels_search_words_idx";
--> statement-breakpoint
-- 2. The catalogue version: bumped by every statement that writes what home rails and search answers
--    show, in the writer's transaction (readers see it with the data). Services cache those answers
--    in memory and re-read the version about once a second: an import (the CLI's too) shows within it.
CREATE TABLE IF NOT EXISTS "catalogue_version" (
  "singleton" boolean PRIMARY KEY DEFAULT true CHECK ("singleton"),
  "version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("singleton", "version") VALUES (true, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contents_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contents"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "channels_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "channels"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "stickers_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stickers"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "genres_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "genres"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "content_genres_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_genres"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "collections_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collections"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "collection_tabs_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collection_tabs"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "collection_items_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collection_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
