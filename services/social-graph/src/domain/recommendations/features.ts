// Features of a (viewer, candidate) pair. Each is scaled to about 0–1 by a fixed rule (no fitted scaler to store),
// so a model's weights can be read directly as "how much this matters".
import { compatibility } from '@mer/chart-engine';
import type { FeatureVector, GeoPoint, RecommendationMember } from './types.ts';

/** Distance at which proximity is one half: two members in the same city are near, 25 km away is "half as near". */
export const PROXIMITY_HALF_KM = 25;
/** Mutual connections beyond this add nothing more (log scale up to it). */
export const MUTUAL_CONNECTIONS_CAP = 20;
/** Shared practices beyond this add nothing more. */
export const SHARED_PRACTICES_CAP = 5;
export const SHARED_LANGUAGES_CAP = 3;
/** A member is new for this many days after finishing onboarding. */
export const NEW_MEMBER_DAYS = 30;

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Items in both lists, compared case-insensitively, in the viewer's spelling, sorted for stable output. */
export function sharedItems(a: readonly string[], b: readonly string[]): string[] {
  const other = new Set(b.map((x) => x.toLowerCase()));
  const seen = new Set<string>();
  const shared: string[] = [];
  for (const item of a) {
    const key = item.toLowerCase();
    if (other.has(key) && !seen.has(key)) {
      seen.add(key);
      shared.push(item);
    }
  }
  return shared.sort((x, y) => x.localeCompare(y, 'en'));
}

function distinctCount(items: readonly string[]): number {
  return new Set(items.map((x) => x.toLowerCase())).size;
}

/** The facts behind one pair, kept beside the features so the reasons say exactly what the model saw. */
export interface PairFacts {
  sharedPractices: string[];
  sharedLanguages: string[];
  /** null when either member's location is unknown or not shared. */
  distanceKm: number | null;
  mutualConnections: number;
  /** 0–100, null unless both share their charts. */
  compatibility: number | null;
  candidateIsNew: boolean;
}

export function pairFacts(
  viewer: RecommendationMember,
  candidate: RecommendationMember,
  mutualConnections: number,
  now: Date,
): PairFacts {
  const joined = Date.parse(candidate.joinedAt);
  return {
    sharedPractices: sharedItems(viewer.practices, candidate.practices),
    sharedLanguages: sharedItems(viewer.languages, candidate.languages),
    distanceKm:
      viewer.location && candidate.location ? distanceKm(viewer.location, candidate.location) : null,
    mutualConnections: Math.max(0, Math.floor(mutualConnections)),
    compatibility:
      viewer.chart && candidate.chart ? compatibility(viewer.chart, candidate.chart).score : null,
    candidateIsNew:
      Number.isFinite(joined) &&
      now.getTime() - joined >= 0 &&
      now.getTime() - joined < NEW_MEMBER_DAYS * 86_400_000,
  };
}

export function featuresOf(
  facts: PairFacts,
  viewer: RecommendationMember,
  candidate: RecommendationMember,
): FeatureVector {
  const shared = facts.sharedPractices.length;
  const union = distinctCount([...viewer.practices, ...candidate.practices]);
  return {
    sharedPracticesJaccard: union === 0 ? 0 : shared / union,
    sharedPracticesCount: Math.min(shared, SHARED_PRACTICES_CAP) / SHARED_PRACTICES_CAP,
    proximity: facts.distanceKm === null ? 0 : PROXIMITY_HALF_KM / (PROXIMITY_HALF_KM + facts.distanceKm),
    distanceUnknown: facts.distanceKm === null ? 1 : 0,
    mutualConnections:
      Math.log1p(Math.min(facts.mutualConnections, MUTUAL_CONNECTIONS_CAP)) /
      Math.log1p(MUTUAL_CONNECTIONS_CAP),
    sharedLanguages: Math.min(facts.sharedLanguages.length, SHARED_LANGUAGES_CAP) / SHARED_LANGUAGES_CAP,
    compatibility: facts.compatibility === null ? 0 : facts.compatibility / 100,
    compatibilityUnknown: facts.compatibility === null ? 1 : 0,
    candidateIsNew: facts.candidateIsNew ? 1 : 0,
  };
}

/** Facts and features of one pair. */
export function pairFeatures(
  viewer: RecommendationMember,
  candidate: RecommendationMember,
  mutualConnections: number,
  now: Date,
): { facts: PairFacts; features: FeatureVector } {
  const facts = pairFacts(viewer, candidate, mutualConnections, now);
  return { facts, features: featuresOf(facts, viewer, candidate) };
}
