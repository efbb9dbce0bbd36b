import {
  SearchLimits,
  type SearchQuery,
  type SearchResult,
  type SearchResults,
  type SearchResultType,
  type SearchSuggestion,
} from '@mer/contracts';
import { memberCity } from '../db/documents.repository.ts';
import { listHistory } from '../db/member-searches.repository.ts';
import type { SearchDeps } from '../deps.ts';
import { WEIGHTS, expandQuery, queryWords, type WeightedTerm } from '../domain/expansion.ts';
import { allowedEditDistance, editDistance, normaliseText, searchableQuery } from '../domain/matching.ts';
import { prepareScoring, preparedScore } from '../domain/rank.ts';
import type { Candidate, TermGroup } from '../domain/search-engine.ts';

const ALL_TYPES: readonly SearchResultType[] = ['circle', 'event', 'person', 'post'];
/** Words shorter than this are neither corrected nor matched as prefixes (too many neighbours to mean anything). */
const MIN_WORD_LENGTH = 3;
const DESCRIPTION_LENGTH = 300;
/** Indexed words a complete last word is also completed to while typing (shortest first). */
const MAX_COMPLETIONS = 8;

/**
 * The words of the index misspelt query words may have meant: their nearest indexed words by trigram distance, kept
 * when within the spec's edit distance (the larger of 1 and 20 percent of the word's length). Words the index holds,
 * and short ones, are not corrected.
 */
async function corrections(
  deps: SearchDeps,
  words: readonly string[],
): Promise<{ corrected: string[][]; known: Set<string> }> {
  const candidates = words.filter((w) => w.length >= MIN_WORD_LENGTH);
  const nearest = await deps.engine.nearestWords(candidates, 8);
  return {
    corrected: words.map((word) => {
      const max = allowedEditDistance(word);
      return (nearest.get(word) ?? []).filter((w) => w !== word && editDistance(word, w, max) <= max);
    }),
    known: new Set(candidates.filter((w) => !nearest.has(w))),
  };
}

function toResult(c: Candidate, score: number): SearchResult {
  return {
    id: c.id,
    title: c.title,
    type: c.type,
    description:
      c.description.length > DESCRIPTION_LENGTH
        ? `${c.description.slice(0, DESCRIPTION_LENGTH - 1)}…`
        : c.description,
    imageUrl: c.imageUrl,
    url: c.url,
    relevanceScore: score,
    category: c.category,
    location: c.location,
    date: c.startsAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

/** A candidate with its score and the times its order needs, as numbers (no date string is compared). */
interface Scored {
  candidate: Candidate;
  score: number;
  /** When it happens (an event's start) or else when it was created, in ms. */
  when: number;
  created: number;
}

/**
 * The answer's order: by date, the latest first; by popularity, the most popular first; else (and for equal
 * popularity) the best score first, then the newest. Numbers, not the answer's ISO strings: the same order (ISO
 * strings of one format sort as their instants), without a string comparison per step of every sort.
 */
function byOrder(sortBy: SearchQuery['sortBy']) {
  return (a: Scored, b: Scored): number => {
    if (sortBy === 'date') return b.when - a.when;
    if (sortBy === 'popularity' && b.candidate.popularity !== a.candidate.popularity)
      return b.candidate.popularity - a.candidate.popularity;
    if (b.score !== a.score) return b.score - a.score;
    return b.created - a.created;
  };
}

/**
 * One search over circles, events, people and posts: at most 20 of each source, only what the member may see.
 * Plain search needs every word of the query (or a correction of it, or, for the last word, a word it starts);
 * AI search needs any of the expanded terms and ranks the query's own matches first.
 */
export async function search(deps: SearchDeps, viewerId: string, input: SearchQuery): Promise<SearchResults> {
  const query = searchableQuery(input.q);
  if (!query) return { query: '', results: [], relatedTerms: [] };
  const words = queryWords(query);
  const lastWord = words.at(-1) ?? '';
  // The last word while typing: matched as a prefix, or, when the index holds it as a word, with the indexed words
  // it starts (a prefix read of a common word costs as much again as the word itself; its completions are few).
  const typing = lastWord.length >= MIN_WORD_LENGTH && !/\s$/.test(input.q);
  const [{ corrected, known }, startingWithLast] = await Promise.all([
    corrections(deps, words),
    typing ? deps.engine.wordsStartingWith(lastWord, MAX_COMPLETIONS) : [],
  ]);
  // An indexed last word is itself and the words it starts; another is a prefix, read through the indexed words it
  // starts (the engine reads words, not prefixes).
  const prefix = typing && !known.has(lastWord) ? lastWord : null;
  const completions = typing ? startingWithLast : [];

  let groups: TermGroup[];
  let weakTerms: string[] = [];
  let terms: WeightedTerm[] = [];
  if (input.ai) {
    terms = expandQuery(query);
    // The query's words, their corrections and the named concepts' own terms are read first; related concepts'
    // terms only where those leave room (they still count in the ranking of every candidate).
    // The query's own words (with their corrections and completions) are read before its concepts' terms.
    const own = terms.filter((t) => t.weight >= WEIGHTS.queryWord).map((t) => t.text);
    const concepts = terms
      .filter((t) => t.weight < WEIGHTS.queryWord && t.weight > WEIGHTS.relatedConcept)
      .map((t) => t.text);
    groups = [[...own, ...corrected.flat(), ...completions], concepts];
    weakTerms = terms.filter((t) => t.weight <= WEIGHTS.relatedConcept).map((t) => t.text);
  } else {
    groups = words.map((w, i) => [w, ...corrected[i]!, ...(i === words.length - 1 ? completions : [])]);
  }

  const locations = [...(input.locations ?? [])];
  if (input.nearMe) {
    const city = await memberCity(deps.db, viewerId);
    if (!city) return { query, results: [], relatedTerms: [] };
    locations.push(city);
  }
  const sortBy = input.sortBy ?? 'relevance';
  const types = input.types?.length ? input.types : ALL_TYPES;
  const now = new Date();
  const candidates = await deps.engine.candidates({
    groups,
    matchAny: Boolean(input.ai),
    weakTerms,
    prefix,
    types,
    viewerId,
    locations,
    categories: input.categories ?? [],
    from: input.from ? new Date(input.from) : null,
    to: input.to ? new Date(input.to) : null,
    sortBy,
    limit: deps.config.SEARCH_CANDIDATES_PER_SOURCE,
  });
  // The spec's fuzzy rule judges corrected words as typed: a title matching a correction scores for it.
  // The query is normalised and split once per search, not once per candidate.
  const scoring = prepareScoring(query, input.ai ? terms : undefined);
  const nowMs = now.getTime();
  const order = byOrder(sortBy);
  const perSource = types.map((type) =>
    (candidates.get(type) ?? [])
      .map((candidate): Scored => {
        const created = candidate.createdAt.getTime();
        return {
          candidate,
          score: preparedScore(scoring, candidate, nowMs),
          when: candidate.startsAt?.getTime() ?? created,
          created,
        };
      })
      .sort(order)
      .slice(0, SearchLimits.resultsPerSource),
  );
  // Only what is answered becomes a result (dates as strings, descriptions cut).
  return {
    query,
    results: perSource
      .flat()
      .sort(order)
      .map((s) => toResult(s.candidate, s.score)),
    relatedTerms: scoring.related.map((t) => t.text),
  };
}

/**
 * At most 8 suggestions as the member types: titles of circles, events and people containing the text, their
 * own earlier searches starting with it, then the 4 templates (events, circles, people, in my area).
 */
export async function suggestions(
  deps: SearchDeps,
  viewerId: string,
  text: string,
): Promise<{ suggestions: SearchSuggestion[] }> {
  const q = searchableQuery(text);
  if (!q) return { suggestions: [] };
  const templates: SearchSuggestion[] = [
    { text: `${q} events`, query: q, kind: 'template', type: 'event', nearMe: false },
    { text: `${q} circles`, query: q, kind: 'template', type: 'circle', nearMe: false },
    { text: `${q} people`, query: q, kind: 'template', type: 'person', nearMe: false },
    { text: `${q} in my area`, query: q, kind: 'template', type: null, nearMe: true },
  ];
  const room = SearchLimits.suggestions - templates.length;
  const normalised = normaliseText(q);
  const [titles, history] = await Promise.all([
    deps.engine.titlesLike(q, viewerId, room),
    listHistory(deps.db, viewerId, SearchLimits.historyEntries),
  ]);
  const seen = new Set<string>();
  const found: SearchSuggestion[] = [];
  for (const h of history) {
    const hq = normaliseText(h.query);
    if (hq !== normalised && hq.startsWith(normalised) && !seen.has(hq)) {
      seen.add(hq);
      found.push({ text: h.query, query: h.query, kind: 'history', type: null, nearMe: false });
    }
  }
  for (const t of titles) {
    const key = normaliseText(t.title);
    if (!seen.has(key)) {
      seen.add(key);
      found.push({ text: t.title, query: t.title, kind: 'title', type: t.type, nearMe: false });
    }
  }
  return { suggestions: [...found.slice(0, room), ...templates].slice(0, SearchLimits.suggestions) };
}
