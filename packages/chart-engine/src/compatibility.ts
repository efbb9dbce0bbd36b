// Compatibility of two members' charts: a 0–100 score and, more importantly, the reasons in plain words.
import { CENTRE_NAMES, CENTRE_OF_GATE, CENTRES, CHANNELS, type Centre } from './human-design-data.ts';
import { elementOf, modalityOf, signIndex, type ZodiacSign } from './zodiac.ts';

export interface CompatibilityChart {
  sunSign: ZodiacSign;
  moonSign: ZodiacSign | null;
  risingSign: ZodiacSign | null;
  /** Gates activated by personality or design (null when no Human Design chart). */
  humanDesignGates: number[] | null;
}

export type CompatibilityReasonKind =
  | 'sun'
  | 'moon'
  | 'rising'
  | 'electromagnetic'
  | 'companionship'
  | 'shared-definition'
  | 'complementary-definition';

export interface CompatibilityReason {
  kind: CompatibilityReasonKind;
  text: string;
}

export interface Compatibility {
  /** 0–100. */
  score: number;
  reasons: CompatibilityReason[];
}

const ELEMENT_WORDS = { fire: 'fire', earth: 'earth', air: 'air', water: 'water' } as const;
const PLACEMENT_WORDS = { sun: 'Sun signs', moon: 'Moon signs', rising: 'rising signs' } as const;

/** Harmony of two signs from their distance on the zodiac (the classical aspects), 0–1, with a reason. */
function signHarmony(
  kind: 'sun' | 'moon' | 'rising',
  a: ZodiacSign,
  b: ZodiacSign,
): { value: number; text: string } {
  const raw = Math.abs(signIndex(a) - signIndex(b));
  const distance = Math.min(raw, 12 - raw);
  const ea = ELEMENT_WORDS[elementOf(a)];
  const eb = ELEMENT_WORDS[elementOf(b)];
  const what = PLACEMENT_WORDS[kind];
  switch (distance) {
    case 0:
      return { value: 1, text: `Your ${what} are both ${a}: you recognise yourselves in each other.` };
    case 4:
      return {
        value: 0.9,
        text: `Your ${what} (${a} and ${b}) share the ${ea} element: an easy, natural flow.`,
      };
    case 2:
      return {
        value: 0.8,
        text: `Your ${what} (${a} and ${b}) combine ${ea} and ${eb}, elements that feed each other.`,
      };
    case 6:
      return {
        value: 0.6,
        text: `Your ${what} (${a} and ${b}) are opposite signs: different styles that can balance each other.`,
      };
    case 3:
      return {
        value: 0.3,
        text: `Your ${what} (${a} and ${b}) are both ${modalityOf(a)} signs of different elements: lively friction that asks for patience.`,
      };
    default:
      return {
        value: 0.4,
        text: `Your ${what} (${a} and ${b}) have little in common (${ea} and ${eb}): you may need to learn each other's language.`,
      };
  }
}

function definedCentres(gates: ReadonlySet<number>): Set<Centre> {
  const defined = new Set<Centre>();
  for (const c of CHANNELS) {
    if (gates.has(c.gates[0]) && gates.has(c.gates[1])) {
      defined.add(CENTRE_OF_GATE.get(c.gates[0])!);
      defined.add(CENTRE_OF_GATE.get(c.gates[1])!);
    }
  }
  return defined;
}

const names = (centres: Iterable<Centre>) => [...centres].map((c) => CENTRE_NAMES[c]).join(', ');

export function compatibility(a: CompatibilityChart, b: CompatibilityChart): Compatibility {
  const reasons: CompatibilityReason[] = [];
  const astro: number[] = [];
  for (const kind of ['sun', 'moon', 'rising'] as const) {
    const sa = kind === 'sun' ? a.sunSign : kind === 'moon' ? a.moonSign : a.risingSign;
    const sb = kind === 'sun' ? b.sunSign : kind === 'moon' ? b.moonSign : b.risingSign;
    if (!sa || !sb) continue;
    const h = signHarmony(kind, sa, sb);
    astro.push(h.value);
    reasons.push({ kind, text: h.text });
  }
  const astroScore = astro.reduce((s, v) => s + v, 0) / astro.length;

  if (!a.humanDesignGates || !b.humanDesignGates) {
    return { score: Math.round(astroScore * 100), reasons };
  }
  const ga = new Set(a.humanDesignGates);
  const gb = new Set(b.humanDesignGates);
  const electromagnetic: string[] = [];
  const companionship: string[] = [];
  for (const c of CHANNELS) {
    const [x, y] = c.gates;
    const fullA = ga.has(x) && ga.has(y);
    const fullB = gb.has(x) && gb.has(y);
    if (fullA && fullB) companionship.push(`${x}-${y} (${c.name})`);
    else if (!fullA && !fullB && ((ga.has(x) && gb.has(y)) || (ga.has(y) && gb.has(x))))
      electromagnetic.push(`${x}-${y} (${c.name})`);
  }
  if (electromagnetic.length > 0) {
    reasons.push({
      kind: 'electromagnetic',
      text: `Together you complete ${electromagnetic.length === 1 ? 'a channel' : `${electromagnetic.length} channels`} neither of you has alone: ${electromagnetic.join(', ')}. This is the spark of attraction: each brings half.`,
    });
  }
  if (companionship.length > 0) {
    reasons.push({
      kind: 'companionship',
      text: `You both have ${companionship.join(', ')}: shared ground where you understand each other easily.`,
    });
  }
  const da = definedCentres(ga);
  const db = definedCentres(gb);
  const together = definedCentres(new Set([...ga, ...gb]));
  const shared = CENTRES.filter((c) => da.has(c) && db.has(c));
  const complementary = CENTRES.filter((c) => together.has(c) && !(da.has(c) && db.has(c)));
  if (shared.length > 0) {
    reasons.push({
      kind: 'shared-definition',
      text: `You are both consistent in the same centres: ${names(shared)}.`,
    });
  }
  if (complementary.length > 0) {
    reasons.push({
      kind: 'complementary-definition',
      text: `Together you define ${names(complementary)}, where one of you (or only the pair) is consistent and the other is open to learn.`,
    });
  }
  // Human Design part: attraction (electromagnetic), ease (companionship) and how much the pair defines.
  const hdScore = Math.min(
    1,
    0.3 +
      0.15 * Math.min(3, electromagnetic.length) +
      0.1 * Math.min(2, companionship.length) +
      0.05 * complementary.length,
  );
  return { score: Math.round(((astroScore + hdScore) / 2) * 100), reasons };
}
