// Offline evaluation: precision@k on held-out true connections of a generated community, for the trained model,
// the prior alone, and a plain shared-practices ranking. `npm run bench:people` prints it.
import { sharedItems } from './features.ts';
import { priorModel } from './model.ts';
import { seededRandom } from './random.ts';
import { byScoreThenId, rankCandidates } from './rank.ts';
import { generateCommunity } from './synthetic-community.ts';
import { buildTrainingSet, connectionGraph, mutualConnectionCount, pairKey } from './training-set.ts';
import { trainRecommendationModel } from './train.ts';
import type { CommunityRows, RankingCandidate, RecommendationMember, RecommendationModel } from './types.ts';

export interface EvaluationOptions {
  members: number;
  seed: number;
  /** Share of true connections hidden from training and used as the answer (default 0.2). */
  heldOutShare?: number;
  /** Default 10. */
  k?: number;
  /** Viewers scored (those with a held-out connection, at most this many; default 300). */
  maxViewers?: number;
}

export interface EvaluationReport {
  members: number;
  trueConnections: number;
  trainingConnections: number;
  heldOutConnections: number;
  /** Simulated feedback in the training rows. */
  acceptedSuggestions: number;
  dismissals: number;
  viewers: number;
  k: number;
  /** Mean precision@k over the viewers (hits in the top k divided by k). */
  precisionAtK: { model: number; prior: number; sharedPracticesBaseline: number };
  model: RecommendationModel;
}

/** Simulated feedback: some members were shown suggestions from their city and reacted to them. */
function simulateFeedback(
  members: readonly RecommendationMember[],
  training: ReadonlySet<string>,
  truth: ReadonlySet<string>,
  seed: number,
): Pick<CommunityRows, 'acceptedSuggestions' | 'dismissals'> {
  const random = seededRandom(seed ^ 0x5eed);
  const acceptedSuggestions: CommunityRows['acceptedSuggestions'][number][] = [];
  const dismissals: CommunityRows['dismissals'][number][] = [];
  for (const viewer of members) {
    if (random.next() >= 0.3) continue;
    for (let shown = 0; shown < 10; shown++) {
      const candidate = random.pick(members);
      if (candidate.userId === viewer.userId) continue;
      const key = pairKey(viewer.userId, candidate.userId);
      if (training.has(key))
        acceptedSuggestions.push({ userId: viewer.userId, suggestedUserId: candidate.userId });
      // Only pairs that never connect get dismissed, so a dismissal never hides a held-out answer.
      else if (!truth.has(key) && random.next() < 0.5)
        dismissals.push({ userId: viewer.userId, dismissedUserId: candidate.userId });
    }
  }
  return { acceptedSuggestions, dismissals };
}

export function evaluateRecommendations(options: EvaluationOptions): EvaluationReport {
  const k = options.k ?? 10;
  const community = generateCommunity({ members: options.members, seed: options.seed });
  const { members, now } = community;
  const random = seededRandom(options.seed ^ 0x7e57);

  // Hold out a share of the true connections: the model and the baseline must find them again.
  const shuffled = [...community.trueConnections];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const heldOutCount = Math.round(shuffled.length * (options.heldOutShare ?? 0.2));
  const heldOut = shuffled.slice(0, heldOutCount);
  const trainingConnections = shuffled.slice(heldOutCount);
  const trainingKeys = new Set(trainingConnections.map((c) => pairKey(c.userA, c.userB)));
  const truthKeys = new Set(community.trueConnections.map((c) => pairKey(c.userA, c.userB)));
  const feedback = simulateFeedback(members, trainingKeys, truthKeys, options.seed);

  const rows: CommunityRows = { members, connections: trainingConnections, ...feedback };
  const trainingSet = buildTrainingSet(rows, { now, seed: options.seed });
  const model = trainRecommendationModel(trainingSet, { trainedAt: now, version: 1 });
  const prior = priorModel();

  const graph = connectionGraph(trainingConnections);
  const dismissedBy = new Map<string, Set<string>>();
  for (const d of feedback.dismissals) {
    let set = dismissedBy.get(d.userId);
    if (!set) dismissedBy.set(d.userId, (set = new Set()));
    set.add(d.dismissedUserId);
  }
  const answersOf = new Map<string, Set<string>>();
  for (const { userA, userB } of heldOut) {
    for (const [a, b] of [
      [userA, userB],
      [userB, userA],
    ] as const) {
      let set = answersOf.get(a);
      if (!set) answersOf.set(a, (set = new Set()));
      set.add(b);
    }
  }
  const viewers = members.filter((m) => answersOf.has(m.userId)).slice(0, options.maxViewers ?? 300);

  const totals = { model: 0, prior: 0, sharedPracticesBaseline: 0 };
  for (const viewer of viewers) {
    const answers = answersOf.get(viewer.userId)!;
    const exclude = {
      connected: graph.get(viewer.userId) ?? new Set<string>(),
      dismissed: dismissedBy.get(viewer.userId),
    };
    const candidates: RankingCandidate[] = members.map((m) => ({
      ...m,
      mutualConnections: mutualConnectionCount(graph, viewer.userId, m.userId),
    }));
    const hits = (ids: readonly string[]): number => ids.filter((id) => answers.has(id)).length / k;
    const top = (m: RecommendationModel): string[] =>
      rankCandidates(m, viewer, candidates, { limit: k, now, exclude }).map((r) => r.userId);
    totals.model += hits(top(model));
    totals.prior += hits(top(prior));
    const baseline = candidates
      .filter(
        (c) =>
          c.userId !== viewer.userId && !exclude.connected.has(c.userId) && !exclude.dismissed?.has(c.userId),
      )
      .map((c) => ({ userId: c.userId, score: sharedItems(viewer.practices, c.practices).length }))
      .sort(byScoreThenId)
      .slice(0, k)
      .map((c) => c.userId);
    totals.sharedPracticesBaseline += hits(baseline);
  }
  const mean = (total: number): number => (viewers.length === 0 ? 0 : total / viewers.length);
  return {
    members: members.length,
    trueConnections: community.trueConnections.length,
    trainingConnections: trainingConnections.length,
    heldOutConnections: heldOut.length,
    acceptedSuggestions: feedback.acceptedSuggestions.length,
    dismissals: feedback.dismissals.length,
    viewers: viewers.length,
    k,
    precisionAtK: {
      model: mean(totals.model),
      prior: mean(totals.prior),
      sharedPracticesBaseline: mean(totals.sharedPracticesBaseline),
    },
    model,
  };
}
