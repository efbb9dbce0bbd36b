import { describe, expect, it } from 'vitest';
import {
  allowedEditDistance,
  editDistance,
  fuzzyMatches,
  relevanceScore,
  searchableQuery,
} from './matching.ts';

describe('Search runs only when the query is non-empty after trimming', () => {
  it('an empty or blank query is no search', () => {
    expect(searchableQuery('')).toBe('');
    expect(searchableQuery('   ')).toBe('');
    expect(searchableQuery('  yoga ')).toBe('yoga');
  });
});

describe('A fuzzy match is a substring match, or an edit distance of at most the larger of 1 and 20 percent of the query length', () => {
  it('a substring matches, whatever the case or accents', () => {
    expect(fuzzyMatches('medit', 'Morning Meditation Circle')).toBe(true);
    expect(fuzzyMatches('cafe', 'Café Sangha')).toBe(true);
  });

  it('the allowed distance is the larger of 1 and 20 percent of the query length', () => {
    expect(allowedEditDistance('yoga')).toBe(1); // 20% of 4 is 0.8: at least 1
    expect(allowedEditDistance('meditation')).toBe(2); // 20% of 10
    expect(allowedEditDistance('breathwork session')).toBe(3); // 20% of 18 is 3.6
  });

  it('"medtation" (one letter missing) matches the meditation circle', () => {
    expect(editDistance('medtation', 'meditation')).toBe(1);
    expect(fuzzyMatches('medtation', 'Morning Meditation Circle')).toBe(true);
  });

  it('one edit is allowed on a short query, two are not', () => {
    expect(fuzzyMatches('yoha', 'Yoga in the park')).toBe(true);
    expect(fuzzyMatches('yxhx', 'Yoga in the park')).toBe(false);
  });

  it('a query of several words is compared with runs of as many words', () => {
    expect(fuzzyMatches('full mon gathering', 'A full moon gathering by the sea')).toBe(true);
    expect(fuzzyMatches('new moon', 'Full moon gathering')).toBe(false);
  });

  it('an empty text never matches', () => {
    expect(fuzzyMatches('yoga', null)).toBe(false);
    expect(fuzzyMatches('yoga', '')).toBe(false);
  });
});

describe('Relevance scoring', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  const old = new Date('2026-01-01T00:00:00Z');
  const item = {
    title: 'Tea ceremony',
    description: 'A quiet afternoon',
    category: 'Rituals',
    type: 'event',
    createdAt: old,
  };

  it('name or title +3', () => {
    expect(relevanceScore('ceremony', item, now)).toBe(3);
  });
  it('description +2', () => {
    expect(relevanceScore('quiet', item, now)).toBe(2);
  });
  it('category or type +1', () => {
    expect(relevanceScore('rituals', item, now)).toBe(1);
    expect(relevanceScore('event', item, now)).toBe(1);
  });
  it('exact title match +5 (on top of the title +3)', () => {
    expect(relevanceScore('tea ceremony', item, now)).toBe(8);
  });
  it('created within 7 days +1', () => {
    expect(relevanceScore('ceremony', { ...item, createdAt: new Date('2026-06-04T12:00:00Z') }, now)).toBe(4);
    expect(relevanceScore('ceremony', { ...item, createdAt: new Date('2026-06-02T12:00:00Z') }, now)).toBe(3);
  });
  it('an item that matches nowhere scores 0, however new', () => {
    expect(relevanceScore('astrology', { ...item, createdAt: now }, now)).toBe(0);
  });
});
