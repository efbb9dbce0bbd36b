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
  /** bestPossible: every held-out connection in the top k (a viewer with 2 answers can score at most 2/k). */
  precisionAtK: { model: number; prior: number; sharedPracticesBaseline: number; bestPossible: number };
  model: RecommendationModel;
}

/**
 * Simulated feedback, as it happens in a young community: some members were shown the prior's suggestions and
 * reacted. Those who truly connect (in the training split) were accepted; half of those who never connect were
 * dismissed; held-out ones were left alone, so feedback never leaks an answer. These dismissals are the informative
 * kind: pairs the prior liked and members did not.
 */
function simulateFeedback(
  members: readonly RecommendationMember[],
  graph: ReadonlyMap<string, ReadonlySet<string>>,
  training: ReadonlySet<string>,
  truth: ReadonlySet<string>,
  now: Date,
  seed: number,
): Pick<CommunityRows, 'acceptedSuggestions' | 'dismissals'> {
  const random = seededRandom(seed ^ 0x5eed);
  const prior = priorModel();
  const acceptedSuggestions: CommunityRows['acceptedSuggestions'][number][] = [];
  const dismissals: CommunityRows['dismissals'][number][] = [];
  for (const viewer of members) {
    if (random.next() >= 0.3) continue;
    // Shown before they connected: the training connections among them are the suggestions they accepted.
    const shown = rankCandidates(prior, viewer, candidatesFor(viewer, members, graph), { limit: 10, now });
    for (const { userId } of shown) {
      const key = pairKey(viewer.userId, userId);
      if (training.has(key)) acceptedSuggestions.push({ userId: viewer.userId, suggestedUserId: userId });
      else if (!truth.has(key) && random.next() < 0.5)
        dismissals.push({ userId: viewer.userId, dismissedUserId: userId });
    }
  }
  return { acceptedSuggestions, dismissals };
}

/** Every other member as a candidate, with mutual connections counted on the training graph. */
function candidatesFor(
  viewer: RecommendationMember,
  members: readonly RecommendationMember[],
  graph: ReadonlyMap<string, ReadonlySet<string>>,
): RankingCandidate[] {
  return members.map((m) => ({
    ...m,
    mutualConnections: mutualConnectionCount(graph, viewer.userId, m.userId),
  }));
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
  const graph = connectionGraph(trainingConnections);
  const feedback = simulateFeedback(members, graph, trainingKeys, truthKeys, now, options.seed);

  const rows: CommunityRows = { members, connections: trainingConnections, ...feedback };
  const trainingSet = buildTrainingSet(rows, { now, seed: options.seed });
  const model = trainRecommendationModel(trainingSet, { trainedAt: now, version: 1 });
  const prior = priorModel();

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

  const totals = { model: 0, prior: 0, sharedPracticesBaseline: 0, bestPossible: 0 };
  for (const viewer of viewers) {
    const answers = answersOf.get(viewer.userId)!;
    const exclude = {
      connected: graph.get(viewer.userId) ?? new Set<string>(),
      dismissed: dismissedBy.get(viewer.userId),
    };
    const candidates = candidatesFor(viewer, members, graph);
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
    totals.bestPossible += Math.min(answers.size, k) / k;
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
      bestPossible: mean(totals.bestPossible),
    },
    model,
  };
}

/** The figures in a few lines, for `npm run bench:people`. */
export function formatEvaluationReport(report: EvaluationReport): string {
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  const p = report.precisionAtK;
  return [
    `people recommendations, generated community of ${report.members} members: ${report.trueConnections} true connections, ${report.heldOutConnections} held out`,
    `  trained on ${report.model.samples.positives} positive and ${report.model.samples.negatives} negative pairs (${report.acceptedSuggestions} accepted suggestions, ${report.dismissals} dismissals)`,
    `  precision@${report.k} over ${report.viewers} members: model ${pct(p.model)} · prior alone ${pct(p.prior)} · shared-practices baseline ${pct(p.sharedPracticesBaseline)} (best possible ${pct(p.bestPossible)})`,
  ].join('\n');
}
