/*
 * The indexed words in memory, for spelling corrections and completions without a round trip to the database
 * (issue 19: two or three look-ups per search, a trigram nearest-neighbour search among them, took a third of a fast
 * search's time). Derived data: the engine loads it from the lexicon table and keeps it up to date (see
 * db/postgres-search-engine.repository.ts). Nearness is pg_trgm's, so the answers are those of the `<->` order the
 * table's GiST index gave.
 */

/** pg_trgm's trigrams of a word: each word padded with two spaces before and one after, distinct. */
export function trigrams(word: string): string[] {
  const found = new Set<string>();
  for (const part of word.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!part) continue;
    const padded = `  ${part} `;
    for (let i = 0; i + 3 <= padded.length; i++) found.add(padded.slice(i, i + 3));
  }
  return [...found];
}

/** pg_trgm's similarity: shared trigrams over the trigrams of either. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = new Set(trigrams(a));
  const tb = trigrams(b);
  const shared = tb.filter((t) => ta.has(t)).length;
  const union = ta.size + tb.length - shared;
  return union === 0 ? 0 : shared / union;
}

export class Lexicon {
  private readonly words: string[] = [];
  private readonly trigramCounts: number[] = [];
  private readonly ids = new Map<string, number>();
  private readonly byTrigram = new Map<string, number[]>();
  /** The words in order, for prefix look-ups; rebuilt after additions, on the next look-up. */
  private sorted: string[] | null = null;

  get size(): number {
    return this.words.length;
  }

  has(word: string): boolean {
    return this.ids.has(word);
  }

  add(words: Iterable<string>): void {
    for (const word of words) {
      if (this.ids.has(word)) continue;
      const id = this.words.length;
      this.words.push(word);
      this.ids.set(word, id);
      const grams = trigrams(word);
      this.trigramCounts.push(grams.length);
      for (const gram of grams) {
        const list = this.byTrigram.get(gram);
        if (list) list.push(id);
        else this.byTrigram.set(gram, [id]);
      }
      this.sorted = null;
    }
  }

  /** The `limit` words nearest to `word` by trigram similarity, best first (ties: shorter, then alphabetical). */
  nearest(word: string, limit: number): string[] {
    const grams = trigrams(word);
    const shared = new Map<number, number>();
    for (const gram of grams)
      for (const id of this.byTrigram.get(gram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    const scored = [...shared].map(([id, n]) => ({
      word: this.words[id]!,
      similarity: n / (grams.length + this.trigramCounts[id]! - n),
    }));
    scored.sort(
      (a, b) => b.similarity - a.similarity || a.word.length - b.word.length || (a.word < b.word ? -1 : 1),
    );
    return scored.slice(0, limit).map((s) => s.word);
  }

  /** Words that start with `word` and are longer, shortest first (then alphabetical). */
  startingWith(word: string, limit: number): string[] {
    if (!this.sorted) this.sorted = [...this.words].sort();
    const sorted = this.sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (sorted[mid]! < word) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let i = low; i < sorted.length && sorted[i]!.startsWith(word); i++)
      if (sorted[i] !== word) found.push(sorted[i]!);
    found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    return found.slice(0, limit);
  }
}
