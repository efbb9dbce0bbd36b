import { useEffect, useState } from 'react';
import type { CommunityStats } from '@mer/contracts';

type StatsQuery = typeof import('./community-stats-query.ts');
/** The query module once loaded, so a second visit of the landing page starts from the cache. */
let statsQuery: StatsQuery | null = null;

/**
 * The landing page's live numbers (spec: stale after 5 min, one retry after 2 s), from the query cache; null
 * while loading or when the endpoint is unavailable (the page then hides the numbers).
 */
export function useCommunityStats(): CommunityStats | null {
  const [stats, setStats] = useState<CommunityStats | null>(() => statsQuery?.cachedCommunityStats() ?? null);
  useEffect(() => {
    let live = true;
    import('./community-stats-query.ts')
      .then((module) => {
        statsQuery = module;
        return module.fetchCommunityStats();
      })
      .then(
        (result) => {
          if (live) setStats(result);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, []);
  return stats;
}
