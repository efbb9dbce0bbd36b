/*
 * Event and circle recommendations: a logistic model over a few plain features of (member, item), trained on the
 * community's own answers (RSVPs going and circles joined are positives; dismissals and items shown but not taken
 * are negatives), pulled towards hand-set prior weights so a young community gets sensible suggestions. No data
 * leaves MER: training runs inside the service. Every suggestion carries its reasons in plain words, taken from the
 * features that raised its score most.
 */

export const FEATURES = [
  'categoryAffinity',
  'proximity',
  'circleTie',
  'connections',
  'popularity',
  'interestMatch',
] as const;
export type FeatureName = (typeof FEATURES)[number];
export type FeatureVector = Record<FeatureName, number>;

export interface RecommendationModel {
  version: number;
  weights: FeatureVector;
  bias: number;
  trainedOn: { positives: number; negatives: number };
}

export const PRIOR: RecommendationModel = {
  version: 0,
  weights: {
    categoryAffinity: 2,
    proximity: 1.5,
    circleTie: 1.5,
    connections: 1.5,
    popularity: 0.8,
    interestMatch: 1,
  },
  bias: -3,
  trainedOn: { positives: 0, negatives: 0 },
};

export interface MemberProfile {
  id: string;
  interests: readonly string[];
  lat: number | null;
  lon: number | null;
  circleIds: ReadonlySet<string>;
  /** Categories of the events and circles the member took part in, with counts. */
  categoryCounts: ReadonlyMap<string, number>;
  connectionIds: ReadonlySet<string>;
}

export interface CandidateItem {
  id: string;
  kind: 'event' | 'circle';
  title: string;
  category: string;
  lat: number | null;
  lon: number | null;
  /** The event's circle (events only). */
  circleId: string | null;
  circleName: string | null;
  /** Going (events) or members (circles). */
  participantIds: ReadonlySet<string>;
  participantCount: number;
}

function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * r) / 2) ** 2 +
    Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lon - a.lon) * r) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Explained {
  features: FeatureVector;
  distanceKm: number | null;
  connectionCount: number;
  matchedInterest: string | null;
}

export function featuresOf(member: MemberProfile, item: CandidateItem, maxParticipants: number): Explained {
  let total = 0;
  for (const n of member.categoryCounts.values()) total += n;
  const matchedInterest =
    member.interests.find((i) => {
      const word = i.toLowerCase();
      return word.length > 2 && (item.title.toLowerCase().includes(word) || item.category === word);
    }) ?? null;
  const distanceKm =
    member.lat !== null && member.lon !== null && item.lat !== null && item.lon !== null
      ? km({ lat: member.lat, lon: member.lon }, { lat: item.lat, lon: item.lon })
      : null;
  let connectionCount = 0;
  for (const id of item.participantIds) if (member.connectionIds.has(id)) connectionCount++;
  return {
    features: {
      categoryAffinity: ((member.categoryCounts.get(item.category) ?? 0) + 0.5) / (total + 3),
      proximity: item.lat === null ? 0.3 : distanceKm === null ? 0 : Math.exp(-distanceKm / 50),
      circleTie: item.circleId !== null && member.circleIds.has(item.circleId) ? 1 : 0,
      connections: Math.log1p(connectionCount) / Math.log(10),
      popularity: maxParticipants > 0 ? Math.log1p(item.participantCount) / Math.log1p(maxParticipants) : 0,
      interestMatch: matchedInterest ? 1 : 0,
    },
    distanceKm,
    connectionCount,
    matchedInterest,
  };
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function score(model: RecommendationModel, f: FeatureVector): number {
  let z = model.bias;
  for (const name of FEATURES) z += model.weights[name] * f[name];
  return sigmoid(z);
}

/** One feature's reason in plain words (none when it says nothing about this item). */
function reasonText(name: FeatureName, item: CandidateItem, e: Explained): { code: string; text: string }[] {
  const going = item.kind === 'event' ? 'going' : 'members';
  if (name === 'categoryAffinity')
    return [{ code: 'shared-practice', text: `You often take part in ${item.category} gatherings` }];
  if (name === 'proximity') {
    if (item.lat === null) return [{ code: 'online', text: 'Online: join from anywhere' }];
    if (e.distanceKm === null) return [];
    return [
      { code: 'nearby', text: e.distanceKm < 1 ? 'In your city' : `${Math.round(e.distanceKm)} km from you` },
    ];
  }
  if (name === 'circleTie')
    return [{ code: 'circle-member', text: `From your circle ${item.circleName ?? ''}`.trim() }];
  if (name === 'connections') {
    if (e.connectionCount === 0) return [];
    const n = e.connectionCount;
    return [
      {
        code: 'connections-going',
        text:
          item.kind === 'event'
            ? `${n} of your connections ${n === 1 ? 'is' : 'are'} going`
            : `${n} of your connections ${n === 1 ? 'is a member' : 'are members'}`,
      },
    ];
  }
  if (name === 'popularity') return [{ code: 'popular', text: `Popular: ${item.participantCount} ${going}` }];
  return e.matchedInterest
    ? [{ code: 'interest', text: `Matches your interest in ${e.matchedInterest}` }]
    : [];
}

/** Plain-words reasons from the features that raised the score most (at most 3; always at least one). */
export function reasonsFor(
  model: RecommendationModel,
  item: CandidateItem,
  e: Explained,
): { code: string; text: string }[] {
  const contributions = FEATURES.map((name) => ({ name, value: model.weights[name] * e.features[name] }))
    .filter((c) => c.value > 0.15)
    .sort((a, b) => b.value - a.value)
    .slice(0, 3);
  const reasons = contributions.flatMap(({ name }) => reasonText(name, item, e));
  return reasons.length > 0 ? reasons : [{ code: 'new', text: 'Something new for you to explore' }];
}

export interface TrainingExample {
  features: FeatureVector;
  label: 0 | 1;
  /** Dismissals say more than silence. */
  weight: number;
}

/**
 * Fits the weights by gradient descent on the weighted log loss, with an L2 penalty pulling them towards the
 * prior's (so with little data the model stays the prior and with much data the data decides).
 */
export function train(
  examples: readonly TrainingExample[],
  version: number,
  opts: { iterations?: number; priorStrength?: number } = {},
): RecommendationModel {
  const iterations = opts.iterations ?? 300;
  const lambda = opts.priorStrength ?? 1;
  const w = { ...PRIOR.weights };
  let bias = PRIOR.bias;
  const totalWeight = examples.reduce((s, e) => s + e.weight, 0);
  if (totalWeight === 0) return { ...PRIOR, version };
  const rate = 0.5;
  for (let it = 0; it < iterations; it++) {
    const grad: FeatureVector = {
      categoryAffinity: 0,
      proximity: 0,
      circleTie: 0,
      connections: 0,
      popularity: 0,
      interestMatch: 0,
    };
    let gradBias = 0;
    for (const e of examples) {
      let z = bias;
      for (const n of FEATURES) z += w[n] * e.features[n];
      const err = (sigmoid(z) - e.label) * e.weight;
      for (const n of FEATURES) grad[n] += err * e.features[n];
      gradBias += err;
    }
    for (const n of FEATURES) w[n] -= (rate * (grad[n] + lambda * (w[n] - PRIOR.weights[n]))) / totalWeight;
    bias -= (rate * gradBias) / totalWeight;
  }
  const positives = examples.filter((e) => e.label === 1).length;
  return { version, weights: w, bias, trainedOn: { positives, negatives: examples.length - positives } };
}

export interface Ranked {
  item: CandidateItem;
  score: number;
  reasons: { code: string; text: string }[];
}

/** The member's top k items (excluding those they already took part in or dismissed). */
export function rank(
  model: RecommendationModel,
  member: MemberProfile,
  items: readonly CandidateItem[],
  k: number,
  exclude: ReadonlySet<string>,
): Ranked[] {
  const maxParticipants = items.reduce((m, i) => Math.max(m, i.participantCount), 0);
  return items
    .filter((i) => !exclude.has(i.id) && !i.participantIds.has(member.id))
    .map((item) => {
      const e = featuresOf(member, item, maxParticipants);
      return { item, score: score(model, e.features), reasons: reasonsFor(model, item, e) };
    })
    .sort((a, b) => b.score - a.score || (a.item.id < b.item.id ? -1 : 1))
    .slice(0, k);
}
