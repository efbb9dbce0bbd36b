-- The engine keeps the lexicon in memory (src/domain/lexicon.ts) and reads only the words added since its last
-- look: their order of arrival.
ALTER TABLE lexicon ADD COLUMN seq bigserial;
CREATE INDEX lexicon_seq ON lexicon (seq);
