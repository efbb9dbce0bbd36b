import { profileOnboardingRoutes } from '@mer/contracts';
import { registerRoute, type App, type ServiceContext } from '@mer/service-runtime';
import type { ProfileOnboardingConfig } from '../config.ts';
import { cachedCommunityStats, countCommunity } from '../use-cases/community-stats.ts';

/** The landing page's public numbers, counted at most once per COMMUNITY_STATS_CACHE_SECONDS in this process. */
export function registerCommunityStatsRoutes(app: App, ctx: ServiceContext<ProfileOnboardingConfig>): void {
  const communityStats = cachedCommunityStats(
    () => countCommunity(ctx.db),
    ctx.config.COMMUNITY_STATS_CACHE_SECONDS * 1000,
  );
  registerRoute(app, profileOnboardingRoutes.communityStats, async () => communityStats());
}
