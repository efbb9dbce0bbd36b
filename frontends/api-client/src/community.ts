import { apiRequest } from './http.ts';
import { formatNumber, memberLocale, plural, type PluralForms } from './locale-format.ts';

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

/**
 * Spec: shown as N.NK+ from 1000 upwards (rounded down, never more than there are), the exact number below;
 * the digits in the member's locale ('1,2K+' in German).
 */
export function formatMemberCount(total: number, locale = memberLocale()): string {
  if (total < 1000) return formatNumber(total, locale);
  const thousands = Math.floor(total / 100) / 10;
  return `${formatNumber(thousands, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}K+`;
}

/** The noun after a member count: '1 member', '12 members', '1.2K+ members'. */
export const MEMBER_NOUN = { one: 'member', other: 'members' } as const satisfies PluralForms;

/** The count with its noun, as the landing page shows it. */
export function memberCountText(total: number, locale = memberLocale()): string {
  return plural(total, MEMBER_NOUN, { shown: formatMemberCount(total, locale) });
}
