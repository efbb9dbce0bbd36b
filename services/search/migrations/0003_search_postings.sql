-- Postings in the spec's order (issue 19: p95 ≤ 20 ms at 1.2 million items). A GIN index answers "which items hold
-- this word" only as a whole bitmap (31,000 posts for "meditation", built before the first row is read), in no
-- useful order. Here each word of each findable item is one row, indexed by (word, source, field rank, newest
-- first): a word's best items of a source are the first entries of one index range, read without the table
-- (index-only). The rank is where the word appears, in the spec's points: title 3 + description 2 + category or
-- type 1 (location 0).
--
-- Derived from documents.search by a trigger, so every write path (events, deletions, a member's erasure, a
-- rebuild) keeps it in step in the same transaction; only visible, undeleted items have postings.
CREATE TABLE postings (
  lexeme text NOT NULL,
  type text NOT NULL,
  rank smallint NOT NULL,
  created_at timestamptz NOT NULL,
  document_id uuid NOT NULL
);
CREATE INDEX postings_ranked ON postings (lexeme, type, rank DESC, created_at DESC, document_id);

-- The spec's field points of a lexeme, from its weights in documents.search (A title, B description, C category or
-- type, D location).
CREATE FUNCTION posting_rank(weights text[]) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (CASE WHEN 'A' = ANY (weights) THEN 3 ELSE 0 END
        + CASE WHEN 'B' = ANY (weights) THEN 2 ELSE 0 END
        + CASE WHEN 'C' = ANY (weights) THEN 1 ELSE 0 END)::smallint;

-- An item's postings: each lexeme of its tsvector with its rank, and the words of its category and type again,
-- marked '#' (a category filter reads only the items whose category holds the word, not every item that mentions
-- it: a category on posts, which have other categories, found nothing after reading the word's best postings).
-- A body parsed at creation (BEGIN ATOMIC), so it needs no search_path when the trigger calls it.
CREATE FUNCTION posting_words(search tsvector) RETURNS TABLE (lexeme text, rank smallint)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT u.lexeme, posting_rank(u.weights) FROM unnest(search) u
  UNION ALL
  SELECT '#' || u.lexeme, posting_rank(u.weights) FROM unnest(search) u WHERE 'C' = ANY (u.weights);
END;

-- search_path fixed at creation (the service's schema): the embedded engine's one session does not set it per
-- statement.
CREATE FUNCTION documents_postings() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  -- The old postings are found exactly by their whole key (lexeme, source, rank, creation time, id): no second
  -- index on the document is needed.
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.visible AND OLD.deleted_at IS NULL THEN
    DELETE FROM postings p
      USING posting_words(OLD.search) w
      WHERE p.lexeme = w.lexeme AND p.type = OLD.type AND p.rank = w.rank
        AND p.created_at = OLD.created_at AND p.document_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.visible AND NEW.deleted_at IS NULL THEN
    INSERT INTO postings (lexeme, type, rank, created_at, document_id)
      SELECT w.lexeme, NEW.type, w.rank, NEW.created_at, NEW.id FROM posting_words(NEW.search) w;
  END IF;
  RETURN NULL;
END
$$;

-- Not on popularity or source_at changes: they leave the words where they were.
CREATE TRIGGER documents_postings
  AFTER INSERT OR DELETE OR UPDATE OF type, title, description, category, location, created_at, visible, deleted_at
  ON documents FOR EACH ROW EXECUTE FUNCTION documents_postings();

INSERT INTO postings (lexeme, type, rank, created_at, document_id)
  SELECT w.lexeme, d.type, w.rank, d.created_at, d.id
  FROM documents d, posting_words(d.search) w
  WHERE d.visible AND d.deleted_at IS NULL;

-- The engine reads postings now; the per-source GIN indexes would only cost every write.
DROP INDEX IF EXISTS documents_search_circle;
DROP INDEX IF EXISTS documents_search_event;
DROP INDEX IF EXISTS documents_search_person;
DROP INDEX IF EXISTS documents_search_post;
