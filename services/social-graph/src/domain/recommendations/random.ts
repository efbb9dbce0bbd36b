// A seeded random source (pure-rand's xoroshiro128+), so that sampling and the generated community are the same on
// every run with the same seed.
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface SeededRandom {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  below(n: number): number;
  pick<T>(items: readonly T[]): T;
  /** Standard normal (Box–Muller). */
  normal(): number;
}

export function seededRandom(seed: number): SeededRandom {
  const rng = xoroshiro128plus(seed | 0);
  const next = (): number => uniformFloat64(rng);
  const below = (n: number): number => Math.min(n - 1, Math.floor(next() * n));
  return {
    next,
    below,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[below(items.length)] as T;
    },
    normal: () => {
      const u = 1 - next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
  };
}
