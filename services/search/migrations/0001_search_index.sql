-- The read model: one row per searchable item, built only from other services' events (derived data: a rebuild
-- replays the streams). Full-text search and trigram indexes live here, in the service's own schema.
-- pg_trgm in public, where search_path finds it from every schema (PGlite ships it too).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE documents (
  id uuid PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('circle', 'event', 'person', 'post')),
  -- Who owns the item (author, organiser, the person themself): blocks hide it from the other member.
  owner_id uuid,
  title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  category text,
  location text,
  image_url text,
  url text NOT NULL DEFAULT '',
  -- When an event takes place.
  starts_at timestamptz,
  created_at timestamptz NOT NULL,
  popularity integer NOT NULL DEFAULT 0,
  -- False while the item may not be found (a post not public, a circle not approved, a member hidden from
  -- discovery); the row stays so that ordering checks keep working.
  visible boolean NOT NULL DEFAULT true,
  -- The source's time of the fact this row reflects: an older event never overwrites a newer one.
  source_at timestamptz NOT NULL,
  -- Set once the item was deleted: it is never found again and no later event revives it.
  deleted_at timestamptz,
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(description, '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(category, '') || ' ' || type), 'C') ||
    setweight(to_tsvector('simple', coalesce(location, '')), 'D')
  ) STORED
);

CREATE INDEX documents_search ON documents USING gin (search) WHERE visible AND deleted_at IS NULL;
CREATE INDEX documents_title_trgm ON documents USING gin (lower(title) gin_trgm_ops) WHERE visible AND deleted_at IS NULL;
CREATE INDEX documents_owner ON documents (owner_id);
CREATE INDEX documents_type_created ON documents (type, created_at DESC) WHERE visible AND deleted_at IS NULL;

-- The words of the index, for correcting misspelt query words ("medtation" → "meditation") with a trigram index
-- on a table far smaller than the documents.
-- Nearest words by trigram distance (GiST, k-nearest-neighbour order), then the spec's edit distance in code.
CREATE TABLE lexicon (
  word text PRIMARY KEY
);
CREATE INDEX lexicon_trgm ON lexicon USING gist (word gist_trgm_ops);

-- Blocks, per pair (social-graph's events): the two members never find each other or each other's items.
CREATE TABLE blocks (
  blocker_id uuid NOT NULL,
  blocked_id uuid NOT NULL,
  active boolean NOT NULL,
  source_at timestamptz NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id) WHERE active;

-- Each member's own city ("in my area" searches), kept whatever their location sharing: only they use it.
CREATE TABLE member_cities (
  member_id uuid PRIMARY KEY,
  city text,
  source_at timestamptz NOT NULL
);

CREATE TABLE search_history (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL,
  query text NOT NULL,
  result_count integer NOT NULL,
  filters jsonb NOT NULL DEFAULT '{}',
  searched_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_history_member ON search_history (member_id, searched_at DESC);

CREATE TABLE saved_searches (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL,
  name text NOT NULL,
  query text NOT NULL,
  filters jsonb NOT NULL DEFAULT '{}',
  notifications_enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_searches_member ON saved_searches (member_id, created_at DESC);
CREATE INDEX saved_searches_notifying ON saved_searches (id) WHERE notifications_enabled;

-- Items a saved search already told its member about: "once per item".
CREATE TABLE saved_search_notified (
  saved_search_id uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  document_id uuid NOT NULL,
  PRIMARY KEY (saved_search_id, document_id)
);

-- Popular searches: which members searched a normalised query (one row each), so that a query counts once per
-- member and is shown only when several members searched it. Never exposed: only the query and its count are.
CREATE TABLE query_searchers (
  query text NOT NULL,
  member_id uuid NOT NULL,
  searched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (query, member_id)
);
CREATE INDEX query_searchers_member ON query_searchers (member_id);

-- Rebuilds: each replays every stream with fresh durable consumers named after its generation.
CREATE TABLE rebuilds (
  generation serial PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now()
);
