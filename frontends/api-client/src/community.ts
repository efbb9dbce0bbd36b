import { apiRequest } from './http.ts';

/**
 * Public community statistics for the landing page (spec 000 section 3 "Community stats").
 * Served by the profile-onboarding service, which owns profiles; the landing page hides the numbers while
 * the endpoint is unavailable.
 */
export const COMMUNITY_STATS_PATH = '/api/v1/profile-onboarding/community-stats';

export interface CommunityStats {
  totalMembers: number;
  totalCommunities: number;
  recentMembers: Array<{ id: string; name: string | null; avatarUrl: string | null }>;
}

export function fetchCommunityStats(signal?: AbortSignal): Promise<CommunityStats> {
  return apiRequest('GET', COMMUNITY_STATS_PATH, { access: 'public', signal });
}

/** Spec: shown as N.NK+ from 1000 upwards, the exact number below. */
export function formatMemberCount(total: number): string {
  if (total < 1000) return String(total);
  return `${(Math.floor(total / 100) / 10).toFixed(1)}K+`;
}
