/*
 * The spec's search rules (001 section 5), as pure functions. The engine finds candidates fast (full-text and
 * trigram indexes); these decide what matches and how it ranks, so the rules live in one place with their tests.
 */

const normalised = new Map<string, string>();
const NORMALISED_CACHE_SIZE = 20_000;

/**
 * Lower case, accents removed, punctuation as spaces, single spaces: how every text is compared. Remembered for
 * the texts seen last, since one search compares the same titles and descriptions many times.
 */
export function normaliseText(text: string): string {
  let value = normalised.get(text);
  if (value === undefined) {
    if (normalised.size >= NORMALISED_CACHE_SIZE) normalised.clear();
    value = normalise(text);
    normalised.set(text, value);
  }
  return value;
}

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The query as searched: trimmed; an empty result means "no search" (the dialog clears its results). */
export function searchableQuery(query: string): string {
  return query.trim();
}

/** Levenshtein distance (insertions, deletions, substitutions), stopping early above `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Two rows of the table, reused: this runs for every word of every candidate of every search.
  let previous = rowBuffer(0, b.length + 1);
  let current = rowBuffer(1, b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ai === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

const rows: [Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64)];
function rowBuffer(which: 0 | 1, length: number): Int32Array {
  if (rows[which].length < length) rows[which] = new Int32Array(length * 2);
  return rows[which];
}

/** "An edit distance of at most the larger of 1 and 20 percent of the query length." */
export function allowedEditDistance(query: string): number {
  return Math.max(1, Math.floor(0.2 * query.length));
}

/**
 * "A fuzzy match is a substring match, or an edit distance of at most the larger of 1 and 20 percent of the query
 * length." The text matches when it contains the query, or when some run of its words as long as the query (in
 * words) is within that distance of it: a title is never compared whole with a one-word query.
 */
export function fuzzyMatches(query: string, text: string | null | undefined): boolean {
  if (!text) return false;
  return matchesNormalised(prepareQuery(query), normaliseText(text));
}

/** A query normalised once, with what the fuzzy rule needs of it, for scoring many items against it. */
export interface PreparedQuery {
  /** The normalised query ('' matches nothing). */
  text: string;
  /** The allowed edit distance. */
  max: number;
  /** Its number of words: the length of the runs of a text it is compared with. */
  words: number;
}

export function prepareQuery(query: string): PreparedQuery {
  const text = normaliseText(query);
  return { text, max: allowedEditDistance(text), words: countWords(text) };
}

/** `fuzzyMatches` for a prepared query and a normalised text (null: the item has no such field). */
function matchesNormalised(query: PreparedQuery, t: string | null): boolean {
  const q = query.text;
  if (t === null || !q) return false;
  if (t.includes(q)) return true;
  const max = query.max;
  const queryWords = query.words;
  const words = wordsOf(t);
  for (let start = 0; start + queryWords <= words.length; start++) {
    // A run whose length differs from the query's by more than the allowed distance cannot match: skip it before
    // building it (most runs, for a one-word query).
    let length = queryWords - 1;
    for (let k = start; k < start + queryWords; k++) length += words[k]!.length;
    if (Math.abs(length - q.length) > max) continue;
    const window = queryWords === 1 ? words[start]! : words.slice(start, start + queryWords).join(' ');
    if (editDistance(q, window, max) <= max) return true;
  }
  return false;
}

function countWords(text: string): number {
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) n++;
  return n;
}

const wordLists = new Map<string, string[]>();
/** The words of a normalised text, remembered like the normalised texts themselves. */
function wordsOf(normalisedText: string): string[] {
  let words = wordLists.get(normalisedText);
  if (words === undefined) {
    if (wordLists.size >= NORMALISED_CACHE_SIZE) wordLists.clear();
    words = normalisedText.split(' ');
    wordLists.set(normalisedText, words);
  }
  return words;
}

/** The fields of an item that the rules look at. */
export interface ScoredItem {
  title: string;
  description: string | null;
  /** The item's category (a circle's or event's category, a post's topic) and type word. */
  category: string | null;
  type: string;
  createdAt: Date;
}

const DAY_MS = 86_400_000;

/**
 * Relevance scoring: name or title +3; description +2; category or type +1; exact title match +5; created within
 * 7 days +1. A field counts when the query fuzzily matches it; an exact title match is the whole title equal to
 * the query (case and accents aside). The recency point only adds to an item that matched somewhere.
 */
export function relevanceScore(query: string, item: ScoredItem, now: Date = new Date()): number {
  return preparedRelevanceScore(prepareQuery(query), normaliseItem(item), now.getTime());
}

/** An item's fields normalised once for all the scoring of one search (null: the field is empty). */
export interface NormalisedItem {
  title: string | null;
  description: string | null;
  category: string | null;
  type: string | null;
  /** The normalised title even when empty, for the exact-title rule. */
  exactTitle: string;
  createdAt: number;
}

const normalisedOrNull = (text: string | null | undefined): string | null => (text ? normaliseText(text) : null);

export function normaliseItem(item: ScoredItem): NormalisedItem {
  return {
    title: normalisedOrNull(item.title),
    description: normalisedOrNull(item.description),
    category: normalisedOrNull(item.category),
    type: normalisedOrNull(item.type),
    exactTitle: normaliseText(item.title),
    createdAt: item.createdAt.getTime(),
  };
}

/** `relevanceScore` for a prepared query and a normalised item: the same rules, no text normalised again. */
export function preparedRelevanceScore(query: PreparedQuery, item: NormalisedItem, nowMs: number): number {
  let score = 0;
  if (matchesNormalised(query, item.title)) score += 3;
  if (matchesNormalised(query, item.description)) score += 2;
  if (matchesNormalised(query, item.category) || matchesNormalised(query, item.type)) score += 1;
  if (item.exactTitle === query.text && query.text !== '') score += 5;
  if (score > 0 && nowMs - item.createdAt <= 7 * DAY_MS) score += 1;
  return score;
}
