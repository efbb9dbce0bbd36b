import type { CommunityStats } from '@mer/contracts';
import { countProfiles, newestProfiles } from '../db/profiles.repository.ts';
import type { ProfileOnboardingDeps } from '../deps.ts';
import { RECENT_MEMBERS_SHOWN, publicName } from '../domain/profile.ts';

/** Counts members and lists the newest, public fields only. */
export async function countCommunity({ db }: Pick<ProfileOnboardingDeps, 'db'>): Promise<CommunityStats> {
  const [totalMembers, newest] = await Promise.all([
    countProfiles(db),
    newestProfiles(db, RECENT_MEMBERS_SHOWN),
  ]);
  return {
    totalMembers,
    // Communities belong to events-circles, which does not exist yet.
    totalCommunities: 0,
    recentMembers: newest.map((p) => ({ id: p.user_id, name: publicName(p.name), avatarUrl: p.image_url })),
  };
}

/**
 * The landing page's stats, kept in this process for ttlMs: a public, unauthenticated page must not
 * cost two queries per visit. Concurrent requests while counting share one count.
 */
export function cachedCommunityStats(
  load: () => Promise<CommunityStats>,
  ttlMs: number,
  now: () => number = Date.now,
): () => Promise<CommunityStats> {
  let cached: { value: CommunityStats; until: number } | undefined;
  let loading: Promise<CommunityStats> | undefined;
  return async () => {
    if (cached && now() < cached.until) return cached.value;
    loading ??= load()
      .then((value) => {
        cached = { value, until: now() + ttlMs };
        return value;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
}
