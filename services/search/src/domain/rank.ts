import type { WeightedTerm } from './expansion.ts';
import { queryWords } from './expansion.ts';
import { normaliseText, relevanceScore, type ScoredItem } from './matching.ts';

/*
 * How results are ordered. Plain search is the spec's relevance score; for a query of several words that no field
 * matches as a whole, the mean of its words' scores (so "meditation lisbon" still ranks the Lisbon meditation
 * circle). AI search adds, for each related term of the expansion, its weight times where it appears (title 3,
 * description 2, category or type 1), so items that match the query itself stay first.
 */

export function plainScore(query: string, item: ScoredItem, now: Date = new Date()): number {
  const whole = relevanceScore(query, item, now);
  const words = queryWords(query);
  if (words.length < 2) return whole;
  const perWord = words.reduce((sum, word) => sum + relevanceScore(word, item, now), 0) / words.length;
  return Math.max(whole, perWord);
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

function containsTerm(text: string | null, term: string): boolean {
  if (text === null) return false;
  const { padded, words } = indexedText(text);
  return term.includes(' ') ? padded.includes(` ${term} `) : words.has(term);
}

/** Where a term appears: title 3, description 2, category or type 1 (the spec's weights for fields). */
export function termFieldScore(term: string, item: ScoredItem): number {
  if (containsTerm(item.title, term)) return 3;
  if (containsTerm(item.description, term)) return 2;
  if (containsTerm(item.category, term) || containsTerm(item.type, term)) return 1;
  return 0;
}

export function aiScore(
  query: string,
  terms: readonly WeightedTerm[],
  item: ScoredItem,
  now: Date = new Date(),
): number {
  const own = new Set(queryWords(query));
  let score = plainScore(query, item, now);
  for (const term of terms) if (!own.has(term.text)) score += term.weight * termFieldScore(term.text, item);
  return Math.round(score * 100) / 100;
}
