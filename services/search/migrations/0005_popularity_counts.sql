-- Each item's latest count (reactions, members, going) with the time of the fact it came from. Kept apart from the
-- documents, so that a count handled before its item's creation event is not lost (it is applied when the item
-- arrives), and an older count handled after a newer one does not replace it (events of different streams, or a
-- rebuild's replay, arrive in any order). documents.popularity stays the engine's copy, set from here.
CREATE TABLE popularity_counts (
  id uuid PRIMARY KEY,
  popularity integer NOT NULL,
  counted_at timestamptz NOT NULL
);

-- The counts already kept: any newer fact replaces them.
INSERT INTO popularity_counts (id, popularity, counted_at)
  SELECT id, popularity, '-infinity' FROM documents WHERE popularity <> 0;
