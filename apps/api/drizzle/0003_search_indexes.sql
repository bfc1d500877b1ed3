-- Custom SQL migration file, put your code below! --
-- Search (apps/api/src/modules/search, SQL in queries.ts). The GIN indexes have fastupdate off: the
-- catalogue is written rarely (imports) and read on every keystroke, and a pending list of fresh rows
-- would be scanned linearly by every search until the next vacuum (measured: 15-25 ms per search).
-- 1. A word index: search_text split into words, GIN over the word arrays. A query word becomes the
--    catalogue words it starts (or may stand for, with a typo), and `words && array[…]` finds the rows.
CREATE INDEX IF NOT EXISTS "contents_search_words_idx" ON "contents" USING gin ((string_to_array("search_text", ' '))) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "channels_search_words_idx" ON "channels" USING gin ((string_to_array("search_text", ' '))) WITH (fastupdate = off);
--> statement-breakpoint
-- 2. Trigram indexes on search_text: phrases of short words, and prefixes too common to expand.
CREATE INDEX IF NOT EXISTS "contents_search_text_trgm_idx" ON "contents" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "channels_search_text_trgm_idx" ON "channels" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- 3. The vocabulary: every word (3+ characters) of the catalogue. "C" collation orders by code point,
--    so a prefix is a btree range; the trigram GiST index finds the words nearest to a mistyped one
--    (k-nearest-neighbour order, no threshold). It grows far slower than the catalogue.
CREATE TABLE IF NOT EXISTS "search_words" ("word" text COLLATE "C" PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);
--> statement-breakpoint
-- Words of the rows a statement wrote. Words are never removed: a stale one costs one look-up.
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
