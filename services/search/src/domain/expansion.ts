import { normaliseText } from './matching.ts';
import { CONCEPTS, type Concept } from './vocabulary.ts';

/*
 * The AI search's query expansion: what a query means beyond its own words. Concepts of the curated vocabulary
 * named in the query (phrases before single words) bring their other terms at a lower weight, and their related
 * concepts' terms at a lower one still; terms learned from the community's own text (co-occurrence) come in
 * beside them. Everything runs inside MER: no model is downloaded and nothing is sent anywhere.
 */

export interface WeightedTerm {
  /** Normalised word or phrase. */
  text: string;
  weight: number;
}

export const WEIGHTS = { queryWord: 1, sameConcept: 0.6, relatedConcept: 0.3, learned: 0.4 } as const;

const conceptsByName = new Map(CONCEPTS.map((c) => [c.name, c]));

/** Every term of the vocabulary, longest first (so "full moon" is seen before "moon"). */
const termIndex: { term: string; concept: Concept }[] = CONCEPTS.flatMap((concept) =>
  concept.terms.map((term) => ({ term: normaliseText(term), concept })),
).sort((a, b) => b.term.length - a.term.length);

const STOP_WORDS = new Set(
  'a an and are at be by can for from help how i in into is it me my near of on or our the to with we you your what where who'.split(
    ' ',
  ),
);

/** The words of a query worth searching for (stop words dropped unless nothing else is left). */
export function queryWords(query: string): string[] {
  const words = normaliseText(query).split(' ').filter(Boolean);
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  return meaningful.length ? meaningful : words;
}

/** The concepts a query names, found as whole words or phrases. */
export function conceptsIn(query: string): Concept[] {
  let text = ` ${normaliseText(query)} `;
  const found: Concept[] = [];
  for (const { term, concept } of termIndex) {
    const needle = ` ${term} `;
    if (!text.includes(needle)) continue;
    if (!found.includes(concept)) found.push(concept);
    text = text.replace(needle, ' ');
  }
  return found;
}

/**
 * The weighted terms of an AI search: the query's own words at full weight, the named concepts' terms, their
 * related concepts' terms, then learned neighbours of the query's words (`learned`: word → neighbours, best
 * first). A term keeps its highest weight.
 */
export function expandQuery(
  query: string,
  learned: ReadonlyMap<string, readonly string[]> = new Map(),
): WeightedTerm[] {
  const weights = new Map<string, number>();
  const add = (text: string, weight: number) => {
    const t = normaliseText(text);
    if (t && (weights.get(t) ?? 0) < weight) weights.set(t, weight);
  };
  const words = queryWords(query);
  for (const word of words) add(word, WEIGHTS.queryWord);
  const concepts = conceptsIn(query);
  for (const concept of concepts) for (const term of concept.terms) add(term, WEIGHTS.sameConcept);
  for (const concept of concepts)
    for (const name of concept.related ?? [])
      for (const term of conceptsByName.get(name)?.terms ?? []) add(term, WEIGHTS.relatedConcept);
  for (const word of words) for (const neighbour of learned.get(word) ?? []) add(neighbour, WEIGHTS.learned);
  return [...weights].map(([text, weight]) => ({ text, weight })).sort((a, b) => b.weight - a.weight);
}
