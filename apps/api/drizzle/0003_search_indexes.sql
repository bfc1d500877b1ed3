-- Custom SQL migration file, put your code below! --
-- Search (apps/api/src/modules/search). Trigram indexes on the normalised titles serve the substring
-- LIKE conditions of searchHint; a vocabulary of every word of the catalogue (kept by statement
-- triggers on contents and channels) with its own trigram index serves typo and word-form look-ups,
-- which stay fast at any catalogue size because the vocabulary grows far slower than the titles.
CREATE INDEX IF NOT EXISTS "contents_search_text_trgm_idx" ON "contents" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "channels_search_text_trgm_idx" ON "channels" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_words" ("word" text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- Words of the rows a statement wrote. Words are never removed: a stale one only costs a look-up.
CREATE OR REPLACE FUNCTION "search_words_collect"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM written, unnest(string_to_array(written.search_text, ' ')) AS w
   WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contents_search_words_insert" AFTER INSERT ON "contents"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_words_collect"();
--> statement-breakpoint
CREATE TRIGGER "contents_search_words_update" AFTER UPDATE ON "contents"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_words_collect"();
--> statement-breakpoint
CREATE TRIGGER "channels_search_words_insert" AFTER INSERT ON "channels"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_words_collect"();
--> statement-breakpoint
CREATE TRIGGER "channels_search_words_update" AFTER UPDATE ON "channels"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_words_collect"();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w FROM (SELECT search_text FROM contents UNION ALL SELECT search_text FROM channels) t,
       unnest(string_to_array(t.search_text, ' ')) AS w
 WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
