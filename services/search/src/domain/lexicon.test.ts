import { describe, expect, it } from 'vitest';
import { Lexicon, trigramSimilarity, trigrams } from './lexicon.ts';

describe('the lexicon in memory: corrections and completions as the database gave them', () => {
  it("trigrams and similarity are pg_trgm's (word padded with two spaces before, one after)", () => {
    expect(trigrams('cat').sort()).toEqual(['  c', ' ca', 'at ', 'cat'].sort());
    // pg_trgm: similarity('word', 'two words') = 0.3636...
    expect(trigramSimilarity('word', 'two words')).toBeCloseTo(4 / 11, 5);
  });

  it('nearest words to a misspelling, best first', () => {
    const lexicon = new Lexicon();
    lexicon.add(['meditation', 'meditating', 'medicine', 'yoga', 'station']);
    // pg_trgm: similarity 0.615 (meditation), 0.385 (station), 0.3125 (meditating)
    expect(lexicon.nearest('medtation', 3)).toEqual(['meditation', 'station', 'meditating']);
    expect(lexicon.has('yoga')).toBe(true);
    expect(lexicon.has('yog')).toBe(false);
  });

  it('completions: longer words starting with the word, shortest first, words added later included', () => {
    const lexicon = new Lexicon();
    lexicon.add(['meditation', 'medit', 'meditate', 'yoga']);
    expect(lexicon.startingWith('medit', 8)).toEqual(['meditate', 'meditation']);
    lexicon.add(['meditates']);
    expect(lexicon.startingWith('medit', 2)).toEqual(['meditate', 'meditates']);
    expect(lexicon.startingWith('zen', 8)).toEqual([]);
  });
});
