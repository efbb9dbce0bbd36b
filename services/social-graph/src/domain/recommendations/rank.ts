// "People you may resonate with" for one viewer: score every candidate the caller loaded, drop the ones that must
// not be suggested, keep the best `limit` with their reasons.
import { pairFeatures, type PairFacts } from './features.ts';
import { scorePair } from './model.ts';
import { REASON_SEPARATOR, reasonsFor } from './reasons.ts';
import type {
  RankingCandidate,
  RankingExclusions,
  RankingOptions,
  Recommendation,
  RecommendationMember,
  RecommendationModel,
} from './types.ts';

/** True when this candidate must never be suggested to the viewer. */
export function isExcluded(viewerId: string, candidateId: string, exclude: RankingExclusions = {}): boolean {
  return (
    candidateId === viewerId ||
    !!exclude.connected?.has(candidateId) ||
    !!exclude.pending?.has(candidateId) ||
    !!exclude.dismissed?.has(candidateId) ||
    !!exclude.blocked?.has(candidateId)
  );
}

/**
 * Best first; ties by user id so the same inputs always give the same list. A candidate for whom no reason can be
 * given in words is not suggested: every suggestion explains itself.
 */
export function rankCandidates(
  model: RecommendationModel,
  viewer: RecommendationMember,
  candidates: readonly RankingCandidate[],
  options: RankingOptions,
): Recommendation[] {
  const limit = Math.max(0, Math.floor(options.limit));
  if (limit === 0) return [];
  const seen = new Set<string>();
  const scored: { userId: string; score: number; facts: PairFacts }[] = [];
  for (const candidate of candidates) {
    if (seen.has(candidate.userId) || isExcluded(viewer.userId, candidate.userId, options.exclude)) continue;
    seen.add(candidate.userId);
    const { facts, features } = pairFeatures(viewer, candidate, candidate.mutualConnections, options.now);
    scored.push({ userId: candidate.userId, score: scorePair(model, features), facts });
  }
  scored.sort(byScoreThenId);
  // Reasons are worded only for the best few: candidates lists can be long.
  const ranked: Recommendation[] = [];
  for (const { userId, score, facts } of scored) {
    if (ranked.length === limit) break;
    const reasons = reasonsFor(facts);
    if (reasons.length === 0) continue;
    ranked.push({ userId, score, reasons, reasonText: reasons.join(REASON_SEPARATOR) });
  }
  return ranked;
}

export function byScoreThenId(
  a: { userId: string; score: number },
  b: { userId: string; score: number },
): number {
  return b.score - a.score || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
}
