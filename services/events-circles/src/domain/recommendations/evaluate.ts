// Offline evaluation: precision@10 on held-out answers (RSVPs and circle joins) of a generated community, for the
// trained model and for a plain popularity ranking. `npm run bench:events` prints it; the unit test checks it.
import {
  PRIOR,
  featuresOf,
  rank,
  sigmoid,
  train,
  type CandidateItem,
  type MemberProfile,
  type TrainingExample,
} from './model.ts';

const CATEGORIES = ['practice', 'tradition', 'healing', 'divination', 'nature', 'community'];

/** A small deterministic generator (mulberry32), so a seed gives the same community everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SyntheticCommunity {
  members: {
    id: string;
    favourites: string[];
    lat: number;
    lon: number;
    interests: string[];
    connections: Set<string>;
  }[];
  items: {
    id: string;
    kind: 'event' | 'circle';
    category: string;
    lat: number | null;
    lon: number | null;
    circleId: string | null;
    appeal: number;
  }[];
  /** Who took part in what (member id, item id). */
  answers: [string, string][];
}

/**
 * Members live in cities and care for one or two categories; items are events (some online, some in a circle) and
 * circles. Whether a member takes part follows their categories, the distance, their circles and the item's own
 * appeal, with noise: the kind of signal the model should find and popularity alone cannot.
 */
export function generateCommunity(opts: {
  members: number;
  events: number;
  circles: number;
  seed: number;
}): SyntheticCommunity {
  const random = seededRandom(opts.seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const cities = Array.from({ length: 12 }, () => ({ lat: 35 + random() * 25, lon: -10 + random() * 35 }));
  const jitter = () => (random() - 0.5) * 0.3;
  const members = Array.from({ length: opts.members }, (_, i) => {
    const city = pick(cities);
    const favourites = [pick(CATEGORIES), ...(random() < 0.5 ? [pick(CATEGORIES)] : [])];
    return {
      id: `m${i}`,
      favourites,
      lat: city.lat + jitter(),
      lon: city.lon + jitter(),
      interests: random() < 0.6 ? [favourites[0]!] : [],
      connections: new Set<string>(),
    };
  });
  for (const m of members) {
    for (let c = 0; c < 5; c++) {
      const other = pick(members);
      if (other.id !== m.id && Math.abs(other.lat - m.lat) < 1) {
        m.connections.add(other.id);
        other.connections.add(m.id);
      }
    }
  }
  const circles = Array.from({ length: opts.circles }, (_, i) => {
    const city = random() < 0.8 ? pick(cities) : null;
    return {
      id: `c${i}`,
      kind: 'circle' as const,
      category: pick(CATEGORIES),
      lat: city ? city.lat + jitter() : null,
      lon: city ? city.lon + jitter() : null,
      circleId: null,
      appeal: random(),
    };
  });
  const events = Array.from({ length: opts.events }, (_, i) => {
    const circle = random() < 0.3 ? pick(circles) : null;
    const city = random() < 0.8 ? pick(cities) : null;
    return {
      id: `e${i}`,
      kind: 'event' as const,
      category: circle?.category ?? pick(CATEGORIES),
      lat: city ? city.lat + jitter() : null,
      lon: city ? city.lon + jitter() : null,
      circleId: circle?.id ?? null,
      appeal: random(),
    };
  });
  const answers: [string, string][] = [];
  const joined = new Map<string, Set<string>>();
  const km = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
    Math.hypot((a.lat - b.lat) * 111, (a.lon - b.lon) * 111 * Math.cos((a.lat * Math.PI) / 180));
  for (const m of members) {
    const mine = new Set<string>();
    for (const c of circles) {
      const near = c.lat === null ? 0.4 : Math.exp(-km(m, { lat: c.lat, lon: c.lon! }) / 50);
      const p = sigmoid(-6.5 + 3 * (m.favourites.includes(c.category) ? 1 : 0) + 2.5 * near + 1.5 * c.appeal);
      if (random() < p) {
        mine.add(c.id);
        answers.push([m.id, c.id]);
      }
    }
    joined.set(m.id, mine);
  }
  for (const m of members) {
    for (const e of events) {
      const near = e.lat === null ? 0.4 : Math.exp(-km(m, { lat: e.lat, lon: e.lon! }) / 50);
      const tie = e.circleId !== null && joined.get(m.id)!.has(e.circleId) ? 1 : 0;
      const p = sigmoid(
        -7.5 + 3 * (m.favourites.includes(e.category) ? 1 : 0) + 3 * near + 2 * tie + 1.5 * e.appeal,
      );
      if (random() < p) answers.push([m.id, e.id]);
    }
  }
  return { members, items: [...circles, ...events], answers };
}

export interface EvaluationReport {
  members: number;
  items: number;
  answers: number;
  heldOut: number;
  viewers: number;
  k: number;
  precisionAtK: { model: number; prior: number; popularity: number };
  weights: Record<string, number>;
}

/** Builds profiles and items from a set of answers (the training split), as the service does from its tables. */
export function buildWorld(community: SyntheticCommunity, answers: readonly [string, string][]) {
  const itemById = new Map(community.items.map((i) => [i.id, i]));
  const participants = new Map<string, Set<string>>();
  const byMember = new Map<string, string[]>();
  for (const [m, i] of answers) {
    (participants.get(i) ?? participants.set(i, new Set()).get(i)!).add(m);
    (byMember.get(m) ?? byMember.set(m, []).get(m)!).push(i);
  }
  const items: CandidateItem[] = community.items.map((i) => ({
    id: i.id,
    kind: i.kind,
    title: `${i.category} gathering`,
    category: i.category,
    lat: i.lat,
    lon: i.lon,
    circleId: i.circleId,
    circleName: i.circleId,
    participantIds: participants.get(i.id) ?? new Set(),
    participantCount: participants.get(i.id)?.size ?? 0,
  }));
  const profiles = new Map<string, MemberProfile>(
    community.members.map((m) => {
      const taken = byMember.get(m.id) ?? [];
      const categoryCounts = new Map<string, number>();
      for (const id of taken) {
        const c = itemById.get(id)!.category;
        categoryCounts.set(c, (categoryCounts.get(c) ?? 0) + 1);
      }
      return [
        m.id,
        {
          id: m.id,
          interests: m.interests,
          lat: m.lat,
          lon: m.lon,
          circleIds: new Set(taken.filter((id) => id.startsWith('c'))),
          categoryCounts,
          connectionIds: m.connections,
        },
      ];
    }),
  );
  return { items, profiles, byMember };
}

/** Positives: each answer, its features computed as if it were not yet given; negatives: 3 random items each. */
export function trainingExamples(
  world: ReturnType<typeof buildWorld>,
  answers: readonly [string, string][],
  random: () => number,
): TrainingExample[] {
  const itemById = new Map(world.items.map((i) => [i.id, i]));
  const max = world.items.reduce((m, i) => Math.max(m, i.participantCount), 0);
  const examples: TrainingExample[] = [];
  for (const [memberId, itemId] of answers) {
    const profile = world.profiles.get(memberId)!;
    const item = itemById.get(itemId)!;
    const counts = new Map(profile.categoryCounts);
    counts.set(item.category, (counts.get(item.category) ?? 1) - 1);
    const circles = new Set(profile.circleIds);
    circles.delete(itemId);
    const without = { ...profile, categoryCounts: counts, circleIds: circles };
    const others = new Set(item.participantIds);
    others.delete(memberId);
    examples.push({
      features: featuresOf(without, { ...item, participantIds: others, participantCount: others.size }, max)
        .features,
      label: 1,
      weight: 1,
    });
    const taken = new Set(world.byMember.get(memberId) ?? []);
    for (let n = 0; n < 3; n++) {
      const negative = world.items[Math.floor(random() * world.items.length)]!;
      if (taken.has(negative.id)) continue;
      examples.push({ features: featuresOf(profile, negative, max).features, label: 0, weight: 1 });
    }
  }
  return examples;
}

export function evaluateRecommendations(opts: {
  members: number;
  events: number;
  circles: number;
  seed: number;
  k?: number;
  maxViewers?: number;
}): EvaluationReport {
  const k = opts.k ?? 10;
  const community = generateCommunity(opts);
  const random = seededRandom(opts.seed ^ 0x5eed);
  const training: [string, string][] = [];
  const heldOut = new Map<string, Set<string>>();
  for (const a of community.answers) {
    if (random() < 0.2) (heldOut.get(a[0]) ?? heldOut.set(a[0], new Set()).get(a[0])!).add(a[1]);
    else training.push(a);
  }
  const world = buildWorld(community, training);
  const model = train(trainingExamples(world, training, random), 1);
  const popularityOrder = [...world.items].sort(
    (a, b) => b.participantCount - a.participantCount || (a.id < b.id ? -1 : 1),
  );
  let viewers = 0;
  const sum = { model: 0, prior: 0, popularity: 0 };
  for (const [memberId, answers] of heldOut) {
    if (viewers >= (opts.maxViewers ?? 400)) break;
    viewers++;
    const profile = world.profiles.get(memberId)!;
    const taken = new Set(world.byMember.get(memberId) ?? []);
    const hits = (ids: string[]) => ids.filter((id) => answers.has(id)).length / k;
    sum.model += hits(rank(model, profile, world.items, k, taken).map((r) => r.item.id));
    sum.prior += hits(rank(PRIOR, profile, world.items, k, taken).map((r) => r.item.id));
    sum.popularity += hits(
      popularityOrder
        .filter((i) => !taken.has(i.id))
        .slice(0, k)
        .map((i) => i.id),
    );
  }
  const mean = (x: number) => (viewers ? x / viewers : 0);
  return {
    members: opts.members,
    items: community.items.length,
    answers: community.answers.length,
    heldOut: community.answers.length - training.length,
    viewers,
    k,
    precisionAtK: { model: mean(sum.model), prior: mean(sum.prior), popularity: mean(sum.popularity) },
    weights: { ...model.weights, bias: model.bias },
  };
}
