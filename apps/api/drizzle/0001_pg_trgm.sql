-- Custom SQL migration file, put your code below! --
-- Trigram matching for search (the search module indexes contents.search_text and channels.search_text).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
