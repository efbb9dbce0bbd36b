import { describe, expect, it } from 'vitest';
import { mean, ndcgAt, recallAt } from './evaluation.ts';

describe('nDCG@k and recall@k', () => {
  const relevant = new Set(['a', 'b']);
  it('a perfect ranking scores 1', () => {
    expect(ndcgAt(10, ['a', 'b', 'x'], relevant)).toBe(1);
    expect(recallAt(20, ['a', 'b'], relevant)).toBe(1);
  });
  it('relevant items lower down score less; missing ones count against recall', () => {
    expect(ndcgAt(10, ['x', 'a', 'b'], relevant)).toBeCloseTo(
      (1 / Math.log2(3) + 1 / 2) / (1 + 1 / Math.log2(3)),
      10,
    );
    expect(recallAt(20, ['x', 'a'], relevant)).toBe(0.5);
    expect(ndcgAt(10, [], relevant)).toBe(0);
  });
  it('recall is out of at most k relevant items', () => {
    const many = new Set(Array.from({ length: 50 }, (_, i) => `r${i}`));
    expect(recallAt(20, [...many].slice(0, 20), many)).toBe(1);
  });
  it('mean of nothing is 0', () => {
    expect(mean([])).toBe(0);
    expect(mean([1, 0])).toBe(0.5);
  });
});
