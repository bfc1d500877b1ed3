-- Custom SQL migration file, put your code below! --
-- Search (apps/api/src/modules/search): trigram indexes on the normalised titles. They serve both the
-- substring/prefix LIKE conditions and the fuzzy `<%` (word_similarity) condition of searchHint.
CREATE INDEX IF NOT EXISTS "contents_search_text_trgm_idx" ON "contents" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "channels_search_text_trgm_idx" ON "channels" USING gin ("search_text" gin_trgm_ops);
