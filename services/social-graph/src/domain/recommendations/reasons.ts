// Why a member is suggested, in plain words (English, km), in a fixed order: practices, distance, mutual
// connections, languages, compatibility, new member. Only facts that speak for the suggestion become reasons:
// "8,000 km apart" or a weak chart match is not a reason to connect.
import type { PairFacts } from './features.ts';

/** The spec's separator between reasons. */
export const REASON_SEPARATOR = ' · ';
/** Distances above this are not offered as a reason. */
export const DISTANCE_REASON_MAX_KM = 100;
/** Compatibility below this is not offered as a reason. */
export const COMPATIBILITY_REASON_MIN = 70;
/** Practices named before "and n more". */
const PRACTICES_NAMED = 3;

/** 'A', 'A and B', 'A, B and C'. */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function practicesReason(practices: readonly string[]): string {
  if (practices.length <= PRACTICES_NAMED) return `You both practise ${listInWords(practices)}`;
  const more = practices.length - PRACTICES_NAMED;
  return `You both practise ${practices.slice(0, PRACTICES_NAMED).join(', ')} and ${more} more`;
}

function distanceReason(km: number): string {
  if (km < 1) return 'Less than 1 km apart';
  return `${Math.round(km)} km apart`;
}

export function reasonsFor(facts: PairFacts): string[] {
  const reasons: string[] = [];
  if (facts.sharedPractices.length > 0) reasons.push(practicesReason(facts.sharedPractices));
  if (facts.distanceKm !== null && facts.distanceKm <= DISTANCE_REASON_MAX_KM)
    reasons.push(distanceReason(facts.distanceKm));
  if (facts.mutualConnections > 0)
    reasons.push(
      facts.mutualConnections === 1 ? '1 mutual connection' : `${facts.mutualConnections} mutual connections`,
    );
  if (facts.sharedLanguages.length > 0) reasons.push(`You both speak ${listInWords(facts.sharedLanguages)}`);
  if (facts.compatibility !== null && facts.compatibility >= COMPATIBILITY_REASON_MIN)
    reasons.push(`Charts in harmony (${Math.round(facts.compatibility)}% compatible)`);
  if (facts.candidateIsNew) reasons.push('New to MER');
  return reasons;
}
