import type { CommunityStats } from '@mer/contracts';
import { profileOnboarding } from '@mer/contracts/browser';
import { call, routeKey } from '@mer/api-client';
import { queryClient } from '@mer/server-state';

/*
 * The landing page's statistics through the page's query cache. Loaded only after the landing page is on screen
 * (community-stats.ts imports this module lazily): the query library is not part of a visitor's first load.
 */

export const communityKeys = {
  stats: () => routeKey(profileOnboarding.communityStats),
};

/** Spec: stale after 5 min, one retry after 2 s. */
export function fetchCommunityStats(): Promise<CommunityStats> {
  return queryClient.fetchQuery({
    queryKey: communityKeys.stats(),
    queryFn: ({ signal }) => call(profileOnboarding.communityStats, { signal }),
    staleTime: 5 * 60_000,
    retry: 1,
    retryDelay: 2000,
  });
}

/** The statistics already in the cache and still fresh, if any. */
export function cachedCommunityStats(): CommunityStats | null {
  const state = queryClient.getQueryState<CommunityStats>(communityKeys.stats());
  if (!state?.data || Date.now() - state.dataUpdatedAt >= 5 * 60_000) return null;
  return state.data;
}
