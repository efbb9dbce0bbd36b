import { describe, expect, it } from 'vitest';
import type { CommunityStats } from '@mer/contracts';
import { cachedCommunityStats } from './community-stats.ts';

function counter() {
  let calls = 0;
  return {
    load: async (): Promise<CommunityStats> => {
      calls++;
      return { totalMembers: calls, totalCommunities: 0, recentMembers: [] };
    },
    calls: () => calls,
  };
}

describe('cachedCommunityStats', () => {
  it('counts once per time-to-live and again after it', async () => {
    let clock = 1_000;
    const source = counter();
    const stats = cachedCommunityStats(source.load, 60_000, () => clock);
    expect((await stats()).totalMembers).toBe(1);
    clock += 59_999;
    expect((await stats()).totalMembers).toBe(1);
    clock += 1;
    expect((await stats()).totalMembers).toBe(2);
    expect(source.calls()).toBe(2);
  });

  it('shares one count between concurrent requests', async () => {
    const source = counter();
    const stats = cachedCommunityStats(source.load, 60_000);
    const results = await Promise.all([stats(), stats(), stats()]);
    expect(results.map((r) => r.totalMembers)).toEqual([1, 1, 1]);
    expect(source.calls()).toBe(1);
  });

  it('does not keep a failure: the next request counts again', async () => {
    let fail = true;
    const stats = cachedCommunityStats(async () => {
      if (fail) throw new Error('database down');
      return { totalMembers: 7, totalCommunities: 0, recentMembers: [] };
    }, 60_000);
    await expect(stats()).rejects.toThrow('database down');
    fail = false;
    expect((await stats()).totalMembers).toBe(7);
  });

  it('counts every time with a time-to-live of 0', async () => {
    const source = counter();
    const stats = cachedCommunityStats(source.load, 0);
    await stats();
    await stats();
    expect(source.calls()).toBe(2);
  });
});
