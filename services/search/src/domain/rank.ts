import type { WeightedTerm } from './expansion.ts';
import { queryWords } from './expansion.ts';
import {
  normaliseItem,
  normaliseText,
  prepareQuery,
  preparedRelevanceScore,
  type PreparedQuery,
  type ScoredItem,
} from './matching.ts';

/*
 * How results are ordered. Plain search is the spec's relevance score; for a query of several words that no field
 * matches as a whole, the mean of its words' scores (so "meditation lisbon" still ranks the Lisbon meditation
 * circle). AI search adds, for each related term of the expansion, its weight times where it appears (title 3,
 * description 2, category or type 1), so items that match the query itself stay first.
 */

/**
 * A query prepared once for ranking all the candidates of one search (normalised, split into its words, its AI
 * terms apart from its own words), so that each candidate costs only the rules themselves.
 */
export interface PreparedScoring {
  whole: PreparedQuery;
  /** Its words, each prepared, when it has several (scored by the mean of theirs too). */
  words: PreparedQuery[];
  /** AI search: the expansion's terms that are not the query's own words. */
  related: readonly WeightedTerm[];
  /** AI search's score is rounded to hundredths. */
  ai: boolean;
}

/** `terms`: AI search's expansion (absent: plain search). */
export function prepareScoring(query: string, terms?: readonly WeightedTerm[]): PreparedScoring {
  const words = queryWords(query);
  const own = new Set(words);
  return {
    whole: prepareQuery(query),
    words: words.length < 2 ? [] : words.map(prepareQuery),
    related: terms ? terms.filter((t) => !own.has(t.text)) : [],
    ai: terms !== undefined,
  };
}

/**
 * One item's score for a prepared query: plain search's relevance (the whole query, or the mean of its words when
 * that is more), and for AI search each related term's weight times where it appears, rounded to hundredths.
 */
export function preparedScore(scoring: PreparedScoring, item: ScoredItem, nowMs: number): number {
  const normalised = normaliseItem(item);
  let score = preparedRelevanceScore(scoring.whole, normalised, nowMs);
  if (scoring.words.length) {
    let sum = 0;
    for (const word of scoring.words) sum += preparedRelevanceScore(word, normalised, nowMs);
    score = Math.max(score, sum / scoring.words.length);
  }
  if (!scoring.ai) return score;
  const fields = scoring.related.length ? indexedFields(item) : null;
  for (const term of scoring.related) score += term.weight * fieldScore(fields!, term.text);
  return Math.round(score * 100) / 100;
}

interface IndexedText {
  /** The normalised text between spaces, so that a phrase is found as whole words. */
  padded: string;
  words: Set<string>;
}

const indexed = new Map<string, IndexedText>();
const INDEXED_CACHE_SIZE = 20_000;

/**
 * A text's normalised words, remembered for the texts seen last: AI ranking looks for each of the expansion's
 * 30-odd terms in every candidate's fields, a set look-up for a word instead of a scan of the text.
 */
function indexedText(text: string): IndexedText {
  let value = indexed.get(text);
  if (value === undefined) {
    if (indexed.size >= INDEXED_CACHE_SIZE) indexed.clear();
    const normalised = normaliseText(text);
    value = { padded: ` ${normalised} `, words: new Set(normalised.split(' ')) };
    indexed.set(text, value);
  }
  return value;
}

function containsIndexed({ padded, words }: IndexedText, term: string): boolean {
  return term.includes(' ') ? padded.includes(` ${term} `) : words.has(term);
}

/** An item's fields looked up once for all the terms of an expansion (null: no such field). */
type IndexedFields = [IndexedText | null, IndexedText | null, IndexedText | null, IndexedText | null];

const indexedOrNull = (text: string | null): IndexedText | null => (text === null ? null : indexedText(text));

function indexedFields(item: ScoredItem): IndexedFields {
  return [
    indexedOrNull(item.title),
    indexedOrNull(item.description),
    indexedOrNull(item.category),
    indexedOrNull(item.type),
  ];
}

/** Where a term appears: title 3, description 2, category or type 1 (the spec's weights for fields). */
function fieldScore([title, description, category, type]: IndexedFields, term: string): number {
  if (title && containsIndexed(title, term)) return 3;
  if (description && containsIndexed(description, term)) return 2;
  if ((category && containsIndexed(category, term)) || (type && containsIndexed(type, term))) return 1;
  return 0;
}
