import { describe, expect, it } from 'vitest';
import type { PairFacts } from './features.ts';
import { REASON_SEPARATOR, listInWords, reasonsFor } from './reasons.ts';

const none: PairFacts = {
  sharedPractices: [],
  sharedLanguages: [],
  distanceKm: null,
  mutualConnections: 0,
  compatibility: null,
  candidateIsNew: false,
};

describe('reasons in plain words', () => {
  it('words the issue’s example exactly', () => {
    const reasons = reasonsFor({
      ...none,
      sharedPractices: ['Breathwork', 'Yoga'],
      distanceKm: 4.2,
      mutualConnections: 2,
    });
    expect(reasons.join(REASON_SEPARATOR)).toBe(
      'You both practise Breathwork and Yoga · 4 km apart · 2 mutual connections',
    );
  });

  it('names at most three practices', () => {
    expect(reasonsFor({ ...none, sharedPractices: ['A', 'B', 'C'] })).toEqual([
      'You both practise A, B and C',
    ]);
    expect(reasonsFor({ ...none, sharedPractices: ['A', 'B', 'C', 'D', 'E'] })).toEqual([
      'You both practise A, B, C and 2 more',
    ]);
  });

  it('says one mutual connection in the singular and small distances plainly', () => {
    expect(reasonsFor({ ...none, mutualConnections: 1, distanceKm: 0.3 })).toEqual([
      'Less than 1 km apart',
      '1 mutual connection',
    ]);
  });

  it('offers only facts that speak for the suggestion', () => {
    expect(reasonsFor({ ...none, distanceKm: 800, compatibility: 40 })).toEqual([]);
    expect(
      reasonsFor({
        ...none,
        compatibility: 82.4,
        sharedLanguages: ['German', 'English'],
        candidateIsNew: true,
      }),
    ).toEqual(['You both speak German and English', 'Charts in harmony (82% compatible)', 'New to MER']);
  });

  it('lists in words', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['Yoga'])).toBe('Yoga');
    expect(listInWords(['A', 'B', 'C'])).toBe('A, B and C');
  });
});
