// Members for the unit tests of this folder (not a test file itself).
import type { RankingCandidate, RecommendationMember } from './types.ts';

export const NOW = new Date('2026-06-01T12:00:00Z');
export const LISBON = { latitude: 38.7223, longitude: -9.1393 };
/** About 4 km from LISBON (Belém is farther; this is a point 0.036° north). */
export const FOUR_KM_NORTH_OF_LISBON = { latitude: 38.7583, longitude: -9.1393 };
export const PORTO = { latitude: 41.1579, longitude: -8.6291 };

export function member(userId: string, overrides: Partial<RecommendationMember> = {}): RecommendationMember {
  return {
    userId,
    practices: [],
    languages: [],
    location: null,
    chart: null,
    joinedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function candidate(
  userId: string,
  overrides: Partial<RecommendationMember> = {},
  mutualConnections = 0,
): RankingCandidate {
  return { ...member(userId, overrides), mutualConnections };
}
