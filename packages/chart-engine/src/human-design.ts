// Human Design from two sets of positions: personality (birth) and design (Sun 88° of arc earlier).
import { designFrame, longitudesIn, type BodyName, type Longitudes, type NodeKind } from './astro.ts';
import { frameAt, type Frame } from './ephemeris.ts';
import type { AstroTime } from 'astronomy-engine';
import {
  CENTRE_NAMES,
  CENTRE_OF_GATE,
  CENTRES,
  CHANNELS,
  GATE_ORDER,
  GATE_WIDTH,
  LINE_WIDTH,
  MOTORS,
  WHEEL_START_DEGREES,
  type Centre,
} from './human-design-data.ts';
import { norm360 } from './zodiac.ts';

export type HdBody =
  | 'sun'
  | 'earth'
  | 'northNode'
  | 'southNode'
  | 'moon'
  | Exclude<BodyName, 'sun' | 'moon' | 'northNode' | 'southNode'>;
export const HD_BODIES: readonly HdBody[] = [
  'sun',
  'earth',
  'northNode',
  'southNode',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
];

export interface GateLine {
  gate: number;
  line: number;
}

export interface Activation extends GateLine {
  body: HdBody;
  longitude: number;
}

/** Gate and line of a tropical longitude on the Rave Mandala. */
export function gateLineAt(longitude: number): GateLine {
  const offset = norm360(longitude - WHEEL_START_DEGREES);
  const index = Math.min(63, Math.floor(offset / GATE_WIDTH));
  const line = Math.min(6, Math.floor((offset - index * GATE_WIDTH) / LINE_WIDTH) + 1);
  return { gate: GATE_ORDER[index]!, line };
}

export function activationsFrom(longitudes: Longitudes): Activation[] {
  return HD_BODIES.map((body) => {
    const longitude = body === 'earth' ? norm360(longitudes.sun + 180) : longitudes[body];
    return { body, longitude, ...gateLineAt(longitude) };
  });
}

export type HdType = 'Manifestor' | 'Generator' | 'Manifesting Generator' | 'Projector' | 'Reflector';
export type HdAuthority = 'emotional' | 'sacral' | 'splenic' | 'ego' | 'self-projected' | 'mental' | 'lunar';
export type HdDefinition = 'none' | 'single' | 'split' | 'triple split' | 'quadruple split';
export type CrossAngle = 'right angle' | 'juxtaposition' | 'left angle';

export const AUTHORITY_LABELS: Record<HdAuthority, string> = {
  emotional: 'Emotional (Solar Plexus)',
  sacral: 'Sacral',
  splenic: 'Splenic',
  ego: 'Ego (Heart)',
  'self-projected': 'Self-Projected',
  mental: 'Mental / Environmental',
  lunar: 'Lunar',
};

const STRATEGIES: Record<HdType, string> = {
  Manifestor: 'To inform',
  Generator: 'To respond',
  'Manifesting Generator': 'To respond, then inform',
  Projector: 'Wait for the invitation',
  Reflector: 'Wait a lunar cycle',
};

const PROFILE_LINE_NAMES = ['', 'Investigator', 'Hermit', 'Martyr', 'Opportunist', 'Heretic', 'Role Model'];

export interface BodygraphChannel {
  gates: [number, number];
  name: string;
  centres: [Centre, Centre];
}
export interface BodygraphGate {
  gate: number;
  centre: Centre;
  /** Lines activated by the personality (conscious, drawn black) and the design (unconscious, drawn red). */
  personality: { body: HdBody; line: number }[];
  design: { body: HdBody; line: number }[];
}
export interface Bodygraph {
  centres: { id: Centre; name: string; defined: boolean }[];
  channels: BodygraphChannel[];
  gates: BodygraphGate[];
}

export interface HumanDesign {
  type: HdType;
  strategy: string;
  authority: HdAuthority;
  authorityLabel: string;
  profile: string;
  profileName: string;
  definition: HdDefinition;
  incarnationCross: {
    angle: CrossAngle;
    /** Personality Sun / Personality Earth | Design Sun / Design Earth. */
    gates: [number, number, number, number];
    label: string;
  };
  personality: Activation[];
  design: Activation[];
  designDate: Date;
  definedCentres: Centre[];
  bodygraph: Bodygraph;
  interpretation: {
    type: string;
    strategy: string;
    authority: string;
    profile: string;
    definition: string;
    incarnationCross: string;
  };
}

/** Centres reachable from `start` through defined channels. */
function reachable(start: Centre, edges: readonly BodygraphChannel[]): Set<Centre> {
  const seen = new Set<Centre>([start]);
  const queue: Centre[] = [start];
  while (queue.length > 0) {
    const c = queue.pop()!;
    for (const ch of edges) {
      const [a, b] = ch.centres;
      const other = a === c ? b : b === c ? a : null;
      if (other && !seen.has(other)) {
        seen.add(other);
        queue.push(other);
      }
    }
  }
  return seen;
}

function crossAngle(personalityLine: number, designLine: number): CrossAngle {
  if (personalityLine === 4 && designLine === 1) return 'juxtaposition';
  return personalityLine >= 5 ? 'left angle' : 'right angle';
}

export function analyseHumanDesign(
  personality: Activation[],
  design: Activation[],
  designDate: Date,
): HumanDesign {
  const activeGates = new Set([...personality, ...design].map((a) => a.gate));
  const channels: BodygraphChannel[] = CHANNELS.filter(
    (c) => activeGates.has(c.gates[0]) && activeGates.has(c.gates[1]),
  ).map((c) => ({
    gates: [c.gates[0], c.gates[1]],
    name: c.name,
    centres: [CENTRE_OF_GATE.get(c.gates[0])!, CENTRE_OF_GATE.get(c.gates[1])!],
  }));
  const defined = new Set<Centre>(channels.flatMap((c) => c.centres));
  const definedCentres = CENTRES.filter((c) => defined.has(c));

  // Definition: connected groups of defined centres.
  const groups: Set<Centre>[] = [];
  for (const c of definedCentres) {
    if (!groups.some((g) => g.has(c))) groups.push(reachable(c, channels));
  }
  const definition: HdDefinition = (['none', 'single', 'split', 'triple split', 'quadruple split'] as const)[
    Math.min(4, groups.length)
  ]!;

  const throatGroup = defined.has('throat') ? reachable('throat', channels) : new Set<Centre>();
  const motorToThroat = MOTORS.some((m) => throatGroup.has(m));
  let type: HdType;
  if (definedCentres.length === 0) type = 'Reflector';
  else if (defined.has('sacral')) type = motorToThroat ? 'Manifesting Generator' : 'Generator';
  else type = motorToThroat ? 'Manifestor' : 'Projector';

  let authority: HdAuthority;
  if (type === 'Reflector') authority = 'lunar';
  else if (defined.has('solarPlexus')) authority = 'emotional';
  else if (defined.has('sacral')) authority = 'sacral';
  else if (defined.has('spleen')) authority = 'splenic';
  else if (defined.has('heart')) authority = 'ego';
  else if (defined.has('g')) authority = 'self-projected';
  else authority = 'mental';

  const pSun = personality.find((a) => a.body === 'sun')!;
  const pEarth = personality.find((a) => a.body === 'earth')!;
  const dSun = design.find((a) => a.body === 'sun')!;
  const dEarth = design.find((a) => a.body === 'earth')!;
  const profile = `${pSun.line}/${dSun.line}`;
  const profileName = `${PROFILE_LINE_NAMES[pSun.line]} / ${PROFILE_LINE_NAMES[dSun.line]}`;
  const angle = crossAngle(pSun.line, dSun.line);
  const angleTitle =
    angle === 'right angle'
      ? 'Right Angle Cross'
      : angle === 'juxtaposition'
        ? 'Juxtaposition Cross'
        : 'Left Angle Cross';
  const crossGates: [number, number, number, number] = [pSun.gate, pEarth.gate, dSun.gate, dEarth.gate];
  const crossLabel = `${angleTitle} (${pSun.gate}/${pEarth.gate} | ${dSun.gate}/${dEarth.gate})`;

  const gateMap = new Map<number, BodygraphGate>();
  for (const [side, list] of [
    ['personality', personality],
    ['design', design],
  ] as const) {
    for (const a of list) {
      let entry = gateMap.get(a.gate);
      if (!entry) {
        entry = { gate: a.gate, centre: CENTRE_OF_GATE.get(a.gate)!, personality: [], design: [] };
        gateMap.set(a.gate, entry);
      }
      entry[side].push({ body: a.body, line: a.line });
    }
  }

  return {
    type,
    strategy: STRATEGIES[type],
    authority,
    authorityLabel: AUTHORITY_LABELS[authority],
    profile,
    profileName,
    definition,
    incarnationCross: { angle, gates: crossGates, label: crossLabel },
    personality,
    design,
    designDate,
    definedCentres,
    bodygraph: {
      centres: CENTRES.map((id) => ({ id, name: CENTRE_NAMES[id], defined: defined.has(id) })),
      channels,
      gates: [...gateMap.values()].sort((a, b) => a.gate - b.gate),
    },
    interpretation: {
      type: TYPE_TEXT[type],
      strategy: STRATEGY_TEXT[type],
      authority: AUTHORITY_TEXT[authority],
      profile: `Profile ${profile} (${profileName}): ${PROFILE_LINE_TEXT[pSun.line]} consciously, and ${PROFILE_LINE_TEXT[dSun.line]} in the body.`,
      definition: DEFINITION_TEXT[definition],
      incarnationCross: `Your ${angleTitle.toLowerCase()} is formed by gates ${pSun.gate} and ${pEarth.gate} (where the Sun and Earth stood at birth) and ${dSun.gate} and ${dEarth.gate} (88° earlier). ${ANGLE_TEXT[angle]}`,
    },
  };
}

/**
 * Personality at birth, design when the Sun stood exactly 88° of longitude earlier; both sides use the
 * same lunar node (`node`). `birthFrame` and `personalityLongitudes` let a caller that already computed the
 * birth positions reuse them.
 */
export function humanDesignAt(
  birth: AstroTime,
  personalityLongitudes?: Longitudes,
  node: NodeKind = 'true',
  birthFrame?: Frame,
): HumanDesign {
  const frame = birthFrame ?? frameAt(birth);
  const design = designFrame(birth, 88, frame);
  const personality = activationsFrom(personalityLongitudes ?? longitudesIn(frame, node));
  return analyseHumanDesign(personality, activationsFrom(longitudesIn(design, node)), design.time.date);
}

const TYPE_TEXT: Record<HdType, string> = {
  Manifestor:
    'You are built to start things. Your energy moves on its own, without waiting for anything outside you.',
  Generator:
    'You have a steady, renewable life force. Work you love refuels you; work you do not love drains you.',
  'Manifesting Generator':
    'You have sustainable energy and the speed to act on it. You often skip steps and find the shortcut.',
  Projector:
    'You are here to see others clearly and guide them. Your gift works best when people ask for it.',
  Reflector:
    'You mirror the people and places around you. Your environment matters more to you than to anyone.',
};
const STRATEGY_TEXT: Record<HdType, string> = {
  Manifestor: 'Tell the people affected before you act; it clears the way and avoids resistance.',
  Generator: 'Wait for something to respond to, then trust your gut "yes" or "no".',
  'Manifesting Generator': 'Respond first, then let the people involved know what you are about to do.',
  Projector: 'Wait to be recognised and invited into the big things: work, love, where you live.',
  Reflector: 'Give big decisions about a month (a full Moon cycle) and talk them over with people you trust.',
};
const AUTHORITY_TEXT: Record<HdAuthority, string> = {
  emotional:
    'Your feelings move in waves. Sleep on decisions and decide when you feel calm and clear, not in the high or the low.',
  sacral:
    'Your gut answers in the moment with a sound or a pull: trust that immediate "uh-huh" or "uhn-uhn".',
  splenic:
    'A quiet, one-time hunch in the moment keeps you safe; it does not repeat, so listen the first time.',
  ego: 'Decide from what you truly want and can commit your willpower to.',
  'self-projected': 'Hear yourself talk it through: what you say about a decision shows you your direction.',
  mental:
    'Talk decisions over with trusted people in the right places; clarity comes from hearing yourself, not from the mind alone.',
  lunar: 'Clarity comes with time: let a full lunar cycle pass before big decisions.',
};
const PROFILE_LINE_TEXT = [
  '',
  'you look for a solid foundation and research things in depth',
  'you have natural gifts that others call out of you',
  'you learn by trial and error',
  'you build through your network of friends',
  'others project expectations onto you and you offer practical solutions',
  'you learn by experience, step back, and become an example for others',
];
const DEFINITION_TEXT: Record<HdDefinition, string> = {
  none: 'No centre is defined: you take in and reflect the energies around you.',
  single: 'All your defined centres connect: you process things on your own, in one flow.',
  split: 'Your defined centres form two groups: other people often bridge the gap and help you feel whole.',
  'triple split':
    'Your defined centres form three groups: you digest things best among many different people.',
  'quadruple split': 'Your defined centres form four groups: take your time, and let understanding settle.',
};
const ANGLE_TEXT: Record<CrossAngle, string> = {
  'right angle': 'A right angle cross points to a personal life purpose lived out through your own path.',
  juxtaposition: 'A juxtaposition cross is a fixed, very specific purpose that stays steady through life.',
  'left angle': 'A left angle cross points to a purpose lived out through your relationships with others.',
};
