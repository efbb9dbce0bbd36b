import type { SearchResultType, SearchSortBy } from '@mer/contracts';

/*
 * What the search use cases need from an engine. The PostgreSQL engine (full-text search and pg_trgm in the
 * service's schema, src/db/postgres-search-engine.repository.ts) implements it; an OpenSearch adapter can be added
 * behind the same interface where an instance exists. The engine finds candidates; the spec's rules
 * (domain/matching.ts, domain/rank.ts) decide what matches and in which order.
 */

/** Alternatives for one word of the query (the word, its corrections, its related terms): any of them matches. */
export type TermGroup = readonly string[];

export interface CandidateQuery {
  /**
   * Every group must match (plain search), or any term of any group (AI search: `matchAny`, where earlier groups
   * are read first: the query's own words before its concepts' terms).
   */
  groups: readonly TermGroup[];
  matchAny: boolean;
  /**
   * AI search's weaker terms (related concepts): looked up only for a source where `groups` found fewer than
   * `limit` candidates, so that a query with plenty of strong matches never reads the many weak ones.
   */
  weakTerms: readonly string[];
  /** The last word of the query is also matched as a prefix (as-you-type), when it is long enough. */
  prefix: string | null;
  /** The sources searched; candidates come back per source. */
  types: readonly SearchResultType[];
  viewerId: string;
  locations: readonly string[];
  categories: readonly string[];
  from: Date | null;
  to: Date | null;
  sortBy: SearchSortBy;
  /** Candidates per source. */
  limit: number;
}

export interface Candidate {
  id: string;
  type: SearchResultType;
  title: string;
  description: string;
  category: string | null;
  location: string | null;
  imageUrl: string | null;
  url: string;
  startsAt: Date | null;
  createdAt: Date;
  popularity: number;
}

export interface SearchEngine {
  /**
   * Up to `limit` matches of each source the viewer may see (visible, not deleted, not blocked either way), in
   * the engine's order (not ranked: the spec's rules rank them); with `sortBy` date or popularity, the newest or
   * most popular of a bounded number of matches.
   */
  candidates(query: CandidateQuery): Promise<Map<SearchResultType, Candidate[]>>;
  /**
   * For each of the words the index does not hold, the indexed words nearest to it (trigram distance), best first:
   * the spelling corrections to check. Words the index holds are left out.
   */
  nearestWords(words: readonly string[], limit: number): Promise<Map<string, string[]>>;
  /** Indexed words that start with the word (and are longer), shortest first: completions while typing. */
  wordsStartingWith(word: string, limit: number): Promise<string[]>;
  /** Titles starting with or containing the text, for suggestions. */
  titlesLike(
    text: string,
    viewerId: string,
    limit: number,
  ): Promise<{ title: string; type: SearchResultType }[]>;
}
