import { SOCIAL_GRAPH_TEXT, type RecommendationList } from '@mer/contracts';
import { authenticationError, notFound } from '@mer/service-runtime';
import { dismissedBy, insertDismissal } from '../db/blocks.repository.ts';
import { acceptedPairs } from '../db/connections.repository.ts';
import { recommendationCandidates } from '../db/discovery.repository.ts';
import { findMember } from '../db/members.repository.ts';
import {
  allDismissals,
  discoverableMembers,
  latestModel,
  mutualCounts,
  storeModel,
} from '../db/recommendations.repository.ts';
import type { MemberRow } from '../db/tables.ts';
import type { SocialGraphDeps } from '../deps.ts';
import { toCompatibilityChart } from '../domain/compatibility.ts';
import { languageName } from '../domain/languages.ts';
import {
  buildTrainingSet,
  parseRecommendationModel,
  priorModel,
  rankCandidates,
  trainRecommendationModel,
  type RecommendationMember,
  type RecommendationModel,
} from '../domain/recommendations/index.ts';
import { cardsFor } from './cards.ts';

/** How many of the newest discoverable members are scored per request. */
const CANDIDATE_POOL = 2000;

/** A member as the model may see them: location only when shared, chart only when shared. */
export function asRecommendationMember(m: MemberRow): RecommendationMember {
  return {
    userId: m.user_id,
    practices: m.practices,
    languages: m.languages.map(languageName),
    location:
      m.location_sharing && m.latitude !== null && m.longitude !== null
        ? { latitude: m.latitude, longitude: m.longitude }
        : null,
    chart: toCompatibilityChart(m.chart),
    joinedAt: (m.onboarded_at ?? m.created_at).toISOString(),
  };
}

async function currentModel(deps: SocialGraphDeps): Promise<RecommendationModel> {
  const stored = await latestModel(deps.db);
  if (!stored) return priorModel();
  try {
    return parseRecommendationModel(stored.model);
  } catch (err) {
    deps.log.warn(
      { err, version: stored.version },
      'stored recommendation model unreadable; using the prior',
    );
    return priorModel();
  }
}

/** "People you may resonate with": each with its reasons in plain words. */
export async function recommendationsFor(
  deps: SocialGraphDeps,
  viewerId: string,
  limit: number,
): Promise<RecommendationList> {
  const viewer = await findMember(deps.db, viewerId);
  if (!viewer?.onboarded) return { recommendations: [] };
  const [model, candidates, dismissed] = await Promise.all([
    currentModel(deps),
    recommendationCandidates(deps.db, viewerId, CANDIDATE_POOL),
    dismissedBy(deps.db, viewerId),
  ]);
  const mutual = await mutualCounts(
    deps.db,
    viewerId,
    candidates.map((c) => c.user_id),
  );
  const ranked = rankCandidates(
    model,
    asRecommendationMember(viewer),
    candidates.map((c) => ({ ...asRecommendationMember(c), mutualConnections: mutual.get(c.user_id) ?? 0 })),
    { limit, now: new Date(), exclude: { dismissed: new Set(dismissed) } },
  );
  const byId = new Map(candidates.map((c) => [c.user_id, c]));
  const cards = await cardsFor(
    deps.db,
    viewer,
    viewerId,
    ranked.map((r) => byId.get(r.userId)!),
  );
  return {
    recommendations: ranked.map((r, i) => ({ person: cards[i]!, reasons: r.reasons, score: r.score })),
  };
}

export async function dismissRecommendation(
  deps: SocialGraphDeps,
  viewerId: string,
  userId: string,
): Promise<void> {
  await deps.transaction(async (tx) => {
    await tx.members.lock(viewerId);
    if (await tx.members.isErased(viewerId)) throw authenticationError();
    if (!(await findMember(tx.trx, userId))) throw notFound(SOCIAL_GRAPH_TEXT.memberNotFound);
    await insertDismissal(tx.trx, viewerId, userId);
  });
}

/** The scheduled retraining: the community's own rows, in-process; the new version is stored. */
export async function retrainRecommendationModel(deps: SocialGraphDeps): Promise<RecommendationModel> {
  const [members, pairs, dismissals, stored] = await Promise.all([
    discoverableMembers(deps.db),
    acceptedPairs(deps.db),
    allDismissals(deps.db),
    latestModel(deps.db),
  ]);
  const now = new Date();
  const set = buildTrainingSet(
    {
      members: members.map(asRecommendationMember),
      connections: pairs.map((p) => ({ userA: p.a, userB: p.b })),
      dismissals,
      // A request sent from the suggestions strip and accepted: the suggestion was right.
      acceptedSuggestions: pairs
        .filter((p) => p.source === 'recommendations')
        .map((p) => ({ userId: p.a, suggestedUserId: p.b })),
    },
    { now, seed: 20_261_125 },
  );
  const version = (stored?.version ?? 0) + 1;
  const model = trainRecommendationModel(set, { trainedAt: now, version });
  await storeModel(deps.db, version, model);
  deps.log.info(
    { version, positives: set.positives, negatives: set.negatives },
    'recommendation model retrained',
  );
  return model;
}
