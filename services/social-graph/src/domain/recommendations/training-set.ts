// The labelled pairs, from the rows the service already has. Positives: connections and accepted suggestions.
// Negatives: dismissed suggestions, and pairs drawn at random among members who are not connected (most people in
// a community never connect, so a random non-connected pair is a fair, if noisy, "no").
import { pairFeatures } from './features.ts';
import { seededRandom, type SeededRandom } from './random.ts';
import type { CommunityRows, RecommendationMember, TrainingExample, TrainingSet } from './types.ts';

export interface TrainingSetOptions {
  now: Date;
  /** Seed of the negative sampling, so that retraining on the same rows gives the same model. */
  seed: number;
  /** Sampled non-connected pairs per positive (default 4). */
  negativesPerPositive?: number;
  /**
   * At most this many connections become positives (a seeded sample beyond it; default 50,000): the weights of nine
   * features are settled long before, and the scheduled job should stay in seconds on a large community.
   */
  maxConnections?: number;
}

export const DEFAULT_NEGATIVES_PER_POSITIVE = 4;
export const DEFAULT_MAX_CONNECTIONS = 50_000;

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/** Who is connected to whom, built from connection rows, ignoring members the caller did not load. */
export function connectionGraph(
  connections: CommunityRows['connections'],
  known?: ReadonlySet<string>,
): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const link = (a: string, b: string): void => {
    let set = graph.get(a);
    if (!set) graph.set(a, (set = new Set()));
    set.add(b);
  };
  for (const { userA, userB } of connections) {
    if (userA === userB || (known && (!known.has(userA) || !known.has(userB)))) continue;
    link(userA, userB);
    link(userB, userA);
  }
  return graph;
}

export function mutualConnectionCount(
  graph: ReadonlyMap<string, ReadonlySet<string>>,
  a: string,
  b: string,
): number {
  const left = graph.get(a);
  const right = graph.get(b);
  if (!left || !right) return 0;
  const [small, large] = left.size <= right.size ? [left, right] : [right, left];
  let count = 0;
  for (const id of small) if (id !== a && id !== b && large.has(id)) count++;
  return count;
}

/** Up to `max` of the items, in their order; a seeded random choice when there are more (reservoir sampling). */
function sample<T>(items: readonly T[], max: number, random: SeededRandom): readonly T[] {
  if (items.length <= max) return items;
  const chosen = items.slice(0, max).map((item, index) => ({ item, index }));
  for (let i = max; i < items.length; i++) {
    const j = random.below(i + 1);
    if (j < max) chosen[j] = { item: items[i]!, index: i };
  }
  return chosen.sort((a, b) => a.index - b.index).map((c) => c.item);
}

export function buildTrainingSet(rows: CommunityRows, options: TrainingSetOptions): TrainingSet {
  const members = new Map<string, RecommendationMember>(rows.members.map((m) => [m.userId, m]));
  const known = new Set(members.keys());
  const graph = connectionGraph(rows.connections, known);
  const labelled = new Set<string>();
  const examples: TrainingExample[] = [];

  const add = (
    viewerId: string,
    candidateId: string,
    label: 0 | 1,
    source: TrainingExample['source'],
  ): void => {
    const viewer = members.get(viewerId);
    const candidate = members.get(candidateId);
    if (!viewer || !candidate || viewerId === candidateId) return;
    const key = pairKey(viewerId, candidateId);
    if (labelled.has(key)) return;
    labelled.add(key);
    const mutual = mutualConnectionCount(graph, viewerId, candidateId);
    const { features } = pairFeatures(viewer, candidate, mutual, options.now);
    examples.push({ viewerId, candidateId, features, label, source });
  };

  const random = seededRandom(options.seed);
  // Explicit feedback first, so that its source is kept when the same pair is also a connection.
  for (const a of rows.acceptedSuggestions) add(a.userId, a.suggestedUserId, 1, 'accepted-suggestion');
  for (const c of sample(rows.connections, options.maxConnections ?? DEFAULT_MAX_CONNECTIONS, random))
    add(c.userA, c.userB, 1, 'connection');
  // A dismissal of someone the member later connected with is outweighed by the connection (already labelled).
  for (const d of rows.dismissals) add(d.userId, d.dismissedUserId, 0, 'dismissal');

  const positives = examples.filter((e) => e.label === 1).length;
  const ids = [...known].sort();
  const wanted = positives * (options.negativesPerPositive ?? DEFAULT_NEGATIVES_PER_POSITIVE);
  // Bounded attempts: in a tiny or fully connected community there may be fewer free pairs than wanted.
  for (
    let sampled = 0, attempts = 0;
    sampled < wanted && attempts < wanted * 20 && ids.length > 1;
    attempts++
  ) {
    const viewerId = random.pick(ids);
    const candidateId = random.pick(ids);
    if (viewerId === candidateId || labelled.has(pairKey(viewerId, candidateId))) continue;
    add(viewerId, candidateId, 0, 'sampled-non-connection');
    sampled++;
  }
  return { examples, positives, negatives: examples.length - positives };
}
