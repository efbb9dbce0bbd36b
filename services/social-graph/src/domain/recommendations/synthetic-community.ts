// A generated community whose ground truth is known, for measuring the model offline. Members belong to hidden
// "circles of friends" (tribes) that the model never sees; who truly connects is decided by a hidden affinity that
// mixes the tribe, shared practices, distance, a shared local language and chart compatibility, plus noise. A
// plain shared-practices ranking sees only one of those; the model sees the rest only through observable proxies
// (mutual connections stand in for the tribe, the *shared* location and chart for the true ones).
import { compatibility, SIGNS, type CompatibilityChart } from '@mer/chart-engine';
import { distanceKm } from './features.ts';
import { seededRandom, type SeededRandom } from './random.ts';
import type { GeoPoint, RecommendationMember } from './types.ts';

export interface CommunityOptions {
  members: number;
  seed: number;
  /** Average number of true connections per member (default 8). */
  averageConnections?: number;
  /** "Now" of the generated community (default 2026-06-01T00:00:00Z), for the new-member flag. */
  now?: Date;
}

export interface GeneratedCommunity {
  /** Members as others may see them (location and chart only when shared). */
  members: RecommendationMember[];
  /** The ground truth: every pair that truly connects. */
  trueConnections: { userA: string; userB: string }[];
  /** The hidden affinity of a pair (higher: more likely to connect), for simulating feedback. */
  affinity(a: string, b: string): number;
  now: Date;
}

const CITIES: readonly { name: string; at: GeoPoint; language: string }[] = [
  { name: 'Lisbon', at: { latitude: 38.7223, longitude: -9.1393 }, language: 'Portuguese' },
  { name: 'Porto', at: { latitude: 41.1579, longitude: -8.6291 }, language: 'Portuguese' },
  { name: 'Berlin', at: { latitude: 52.52, longitude: 13.405 }, language: 'German' },
  { name: 'Munich', at: { latitude: 48.1351, longitude: 11.582 }, language: 'German' },
  { name: 'Amsterdam', at: { latitude: 52.3676, longitude: 4.9041 }, language: 'Dutch' },
  { name: 'London', at: { latitude: 51.5072, longitude: -0.1276 }, language: 'English' },
  { name: 'Barcelona', at: { latitude: 41.3874, longitude: 2.1686 }, language: 'Spanish' },
  { name: 'Madrid', at: { latitude: 40.4168, longitude: -3.7038 }, language: 'Spanish' },
  { name: 'Paris', at: { latitude: 48.8566, longitude: 2.3522 }, language: 'French' },
  { name: 'Milan', at: { latitude: 45.4642, longitude: 9.19 }, language: 'Italian' },
];
const OTHER_LANGUAGES = ['Japanese', 'Hindi', 'Russian', 'Arabic', 'Chinese'];
/** Spec 000's built-in interest list, most popular first (popularity falls off like a Zipf law). */
const PRACTICES = [
  'Meditation',
  'Yoga',
  'Mindfulness',
  'Breathwork',
  'Reiki',
  'Tarot',
  'Astrology',
  'Crystal Healing',
  'Sound Healing',
  'Qigong',
  'Tai Chi',
  'Shamanism',
  'Ayurveda',
  'Energy Work',
  'Journaling',
  'Forest Bathing',
  'Herbalism',
  'Buddhism',
  'Kundalini',
  'Moon Rituals',
];
const DAY_MS = 86_400_000;

interface HiddenMember {
  visible: RecommendationMember;
  tribe: number;
  trueLocation: GeoPoint;
  chart: CompatibilityChart | null;
  localLanguage: string;
  practices: Set<string>;
}

function zipfPick(random: SeededRandom, items: readonly string[]): string {
  // P(rank r) ∝ 1 / (r + 1): a few practices are everywhere, most are niche.
  const total = items.reduce((s, _, r) => s + 1 / (r + 1), 0);
  let u = random.next() * total;
  for (let r = 0; r < items.length; r++) {
    u -= 1 / (r + 1);
    if (u <= 0) return items[r]!;
  }
  return items[items.length - 1]!;
}

function randomChart(random: SeededRandom): CompatibilityChart {
  const gates = new Set<number>();
  const withDesign = random.next() < 0.6;
  while (withDesign && gates.size < 26) gates.add(1 + random.below(64));
  return {
    sunSign: random.pick(SIGNS),
    moonSign: random.pick(SIGNS),
    risingSign: random.next() < 0.7 ? random.pick(SIGNS) : null,
    humanDesignGates: withDesign ? [...gates].sort((a, b) => a - b) : null,
  };
}

export function generateCommunity(options: CommunityOptions): GeneratedCommunity {
  const random = seededRandom(options.seed);
  const now = options.now ?? new Date('2026-06-01T00:00:00Z');
  const n = Math.max(2, Math.floor(options.members));
  const tribeCount = Math.max(2, Math.round(n / 25));
  const tribes = Array.from({ length: tribeCount }, () => ({
    city: random.pick(CITIES),
    core: [zipfPick(random, PRACTICES), random.pick(PRACTICES), random.pick(PRACTICES)],
  }));

  const hidden: HiddenMember[] = [];
  for (let i = 0; i < n; i++) {
    const tribeIndex = random.below(tribeCount);
    const tribe = tribes[tribeIndex]!;
    const city = random.next() < 0.8 ? tribe.city : random.pick(CITIES);
    const trueLocation = {
      latitude: city.at.latitude + random.normal() * 0.08,
      longitude: city.at.longitude + random.normal() * 0.12,
    };
    const practices = new Set<string>();
    for (const p of tribe.core) if (random.next() < 0.6) practices.add(p);
    const extra = 1 + random.below(4);
    while (practices.size < extra + 1) practices.add(zipfPick(random, PRACTICES));
    const languages = new Set<string>([city.language]);
    if (random.next() < 0.6) languages.add('English');
    if (random.next() < 0.1) languages.add(random.pick(OTHER_LANGUAGES));
    const chart = random.next() < 0.7 ? randomChart(random) : null;
    const sharesLocation = random.next() < 0.85;
    const sharesChart = random.next() < 0.8;
    const daysAgo = random.next() < 0.1 ? random.below(30) : 30 + random.below(700);
    hidden.push({
      tribe: tribeIndex,
      trueLocation,
      chart,
      localLanguage: city.language,
      practices,
      visible: {
        userId: `m${String(i).padStart(6, '0')}`,
        practices: [...practices],
        languages: [...languages],
        location: sharesLocation ? trueLocation : null,
        chart: sharesChart ? chart : null,
        joinedAt: new Date(now.getTime() - daysAgo * DAY_MS).toISOString(),
      },
    });
  }

  const index = new Map(hidden.map((h, i) => [h.visible.userId, i]));
  const pairNoise = (i: number, j: number): number => {
    // Deterministic per pair, independent of the order pairs are visited in.
    const x =
      Math.sin((Math.min(i, j) * 92821 + Math.max(i, j) * 68917 + options.seed * 31) % 1_000_003) *
      43758.5453;
    return (x - Math.floor(x) - 0.5) * 2;
  };
  const affinityOf = (i: number, j: number): number => {
    const a = hidden[i]!;
    const b = hidden[j]!;
    let shared = 0;
    for (const p of a.practices) if (b.practices.has(p)) shared++;
    const jaccard = shared / (a.practices.size + b.practices.size - shared);
    const km = distanceKm(a.trueLocation, b.trueLocation);
    const chartMatch = a.chart && b.chart ? (compatibility(a.chart, b.chart).score - 50) / 50 : 0;
    return (
      2.2 * (a.tribe === b.tribe ? 1 : 0) +
      1.5 * jaccard +
      1.2 * Math.exp(-km / 30) +
      0.4 * (a.localLanguage === b.localLanguage ? 1 : 0) +
      0.5 * chartMatch +
      0.6 * pairNoise(i, j)
    );
  };

  // The strongest `edges` pairs connect. Values go in a typed array: a community of a few thousand has millions of
  // pairs, too many for one object each.
  const values = new Float64Array((n * (n - 1)) / 2);
  for (let i = 0, k = 0; i < n; i++) for (let j = i + 1; j < n; j++) values[k++] = affinityOf(i, j);
  const edges = Math.max(1, Math.min(values.length, Math.round((n * (options.averageConnections ?? 8)) / 2)));
  const threshold = Float64Array.from(values).sort()[values.length - edges]!;
  const trueConnections: GeneratedCommunity['trueConnections'] = [];
  for (let i = 0, k = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      if (values[k++]! >= threshold)
        trueConnections.push({ userA: hidden[i]!.visible.userId, userB: hidden[j]!.visible.userId });

  return {
    members: hidden.map((h) => h.visible),
    trueConnections,
    affinity: (a, b) => {
      const i = index.get(a);
      const j = index.get(b);
      return i === undefined || j === undefined || i === j ? Number.NEGATIVE_INFINITY : affinityOf(i, j);
    },
    now,
  };
}
