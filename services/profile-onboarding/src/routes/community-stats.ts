import { profileOnboardingRoutes } from '@mer/contracts';
import { registerRoute, type App } from '@mer/service-runtime';
import type { ProfileOnboardingDeps } from '../deps.ts';

/** The landing page's public numbers, counted at most once per COMMUNITY_STATS_CACHE_SECONDS in this process. */
export function registerCommunityStatsRoutes(app: App, deps: ProfileOnboardingDeps): void {
  registerRoute(app, profileOnboardingRoutes.communityStats, async () => deps.communityStats());
}
