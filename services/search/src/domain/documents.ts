import { normaliseText } from './matching.ts';

/** The distinct words (3 to 40 letters) of an item's texts, for the spelling corrections' lexicon. */
export function indexWords(texts: readonly (string | null)[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const word of normaliseText(text).split(' '))
      if (word.length >= 3 && word.length <= 40) words.add(word);
  }
  return [...words];
}
