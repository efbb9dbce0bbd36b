-- One full-text index per source (issue 19, a million posts): each search reads one source at a time and stops at
-- its first matches, so a bitmap over every source's matches (a common word's tens of thousands of posts, built
-- again for circles, events and people) was wasted work.
DROP INDEX IF EXISTS documents_search;
CREATE INDEX IF NOT EXISTS documents_search_circle ON documents USING gin (search) WHERE type = 'circle' AND visible AND deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS documents_search_event ON documents USING gin (search) WHERE type = 'event' AND visible AND deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS documents_search_person ON documents USING gin (search) WHERE type = 'person' AND visible AND deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS documents_search_post ON documents USING gin (search) WHERE type = 'post' AND visible AND deleted_at IS NULL;

-- Title suggestions are circles, events and people only: the posts' titles need no trigram index.
DROP INDEX IF EXISTS documents_title_trgm;
CREATE INDEX IF NOT EXISTS documents_title_trgm ON documents USING gin (lower(title) gin_trgm_ops)
  WHERE type IN ('circle', 'event', 'person') AND visible AND deleted_at IS NULL;

-- Completions of a word while typing (the indexed words it starts): a prefix look-up in the lexicon.
CREATE INDEX IF NOT EXISTS lexicon_prefix ON lexicon (word text_pattern_ops);
