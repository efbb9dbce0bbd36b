import type { MemberChart } from '@mer/contracts';

/** Human Design with the bodygraph (centres, defined channels, gates with personality and design lines). */
export type HumanDesignChart = NonNullable<MemberChart['humanDesign']>;

/**
 * Geometry of the standard Human Design bodygraph (Ra Uru Hu's BodyGraph: Head and Ajna on top, Throat, G,
 * Heart to the G's right, Spleen and Solar Plexus on the sides, Sacral and Root at the bottom), and the layout
 * of one member's chart on it. Pure: the component only turns this into SVG.
 *
 * What is drawn comes from the engine's data in the API (which centres are defined, which gates are active on
 * which side, the defined channels and their names). What lives here is only where things are drawn: a point
 * for each of the 64 gates and a route for each of the 36 channels. bodygraph.test.ts checks these against the
 * engine's own tables, so the drawing cannot drift from the calculation.
 */

type Bodygraph = HumanDesignChart['bodygraph'];
export type CentreId = Bodygraph['centres'][number]['id'];
export interface Point {
  x: number;
  y: number;
}
/** Which side activates a gate: personality (conscious, black), design (unconscious, red) or both. */
export type ActivationSide = 'personality' | 'design' | 'both';

export const VIEWBOX = { width: 400, height: 600 } as const;

const p = (x: number, y: number): Point => ({ x, y });

/** Outline of each centre, clockwise; triangles point the way they do in the standard chart. */
export const CENTRE_OUTLINES: Record<CentreId, readonly Point[]> = {
  head: [p(200, 22), p(242, 88), p(158, 88)],
  ajna: [p(158, 112), p(242, 112), p(200, 178)],
  throat: [p(165, 205), p(235, 205), p(235, 275), p(165, 275)],
  g: [p(200, 294), p(244, 338), p(200, 382), p(156, 338)],
  heart: [p(292, 350), p(322, 400), p(262, 400)],
  spleen: [p(22, 398), p(108, 445), p(22, 492)],
  solarPlexus: [p(378, 398), p(378, 492), p(292, 445)],
  sacral: [p(165, 428), p(235, 428), p(235, 492), p(165, 492)],
  root: [p(165, 520), p(235, 520), p(235, 584), p(165, 584)],
};

/**
 * Colours of defined centres as bodygraphs usually print them (awareness and pressure centres yellow/green,
 * motors red and brown), softened so the dark gate numbers on them stay readable. Open centres are white.
 */
export const DEFINED_FILL: Record<CentreId, string> = {
  head: '#f2d57e',
  ajna: '#9bc59d',
  throat: '#c9a27e',
  g: '#f2d57e',
  heart: '#e39a8e',
  spleen: '#c9a27e',
  solarPlexus: '#c9a27e',
  sacral: '#e39a8e',
  root: '#c9a27e',
};
export const OPEN_FILL = '#ffffff';
/** Conventional print colours: personality black, design red. */
export const SIDE_COLOURS = { personality: '#1c1b1a', design: '#c0392b' } as const;
export const INACTIVE_CHANNEL = '#e7e3dc';

/** Where each gate sits: on its centre's edge, facing the centre its channels lead to. */
export const GATE_POINTS: Record<CentreId, readonly (readonly [gate: number, x: number, y: number])[]> = {
  head: [
    [64, 176, 88],
    [61, 200, 88],
    [63, 224, 88],
  ],
  ajna: [
    [47, 176, 112],
    [24, 200, 112],
    [4, 224, 112],
    [17, 177, 142],
    [43, 200, 172],
    [11, 223, 142],
  ],
  throat: [
    [62, 178, 205],
    [23, 200, 205],
    [56, 222, 205],
    [16, 165, 218],
    [20, 165, 258],
    [35, 235, 216],
    [12, 235, 236],
    [45, 235, 258],
    [31, 178, 275],
    [8, 200, 275],
    [33, 222, 275],
  ],
  g: [
    [1, 200, 298],
    [7, 185, 309],
    [13, 215, 309],
    [10, 158, 338],
    [25, 242, 338],
    [15, 178, 360],
    [46, 222, 360],
    [2, 200, 378],
  ],
  heart: [
    [21, 301, 365],
    [51, 277, 375],
    [26, 274, 400],
    [40, 312, 400],
  ],
  spleen: [
    [48, 35, 405],
    [57, 55, 416],
    [44, 74, 426],
    [50, 92, 436],
    [32, 74, 464],
    [28, 55, 474],
    [18, 35, 485],
  ],
  solarPlexus: [
    [36, 365, 405],
    [22, 345, 416],
    [37, 326, 426],
    [6, 308, 436],
    [49, 326, 464],
    [55, 345, 474],
    [30, 365, 485],
  ],
  sacral: [
    [5, 178, 428],
    [14, 200, 428],
    [29, 222, 428],
    [34, 165, 442],
    [27, 165, 474],
    [59, 235, 470],
    [42, 178, 492],
    [3, 200, 492],
    [9, 222, 492],
  ],
  root: [
    [53, 178, 520],
    [60, 200, 520],
    [52, 222, 520],
    [54, 165, 532],
    [38, 165, 552],
    [58, 165, 572],
    [19, 235, 532],
    [39, 235, 552],
    [41, 235, 572],
  ],
};

/**
 * The 36 channels as drawn: gate pairs, and a bend where a straight line would cross the G centre (20-34
 * passes to its left, as in the printed chart). Each half of a channel belongs to the gate at its end.
 */
export const CHANNEL_ROUTES: readonly { gates: readonly [number, number]; via?: Point }[] = [
  { gates: [64, 47] },
  { gates: [61, 24] },
  { gates: [63, 4] },
  { gates: [17, 62] },
  { gates: [43, 23] },
  { gates: [11, 56] },
  { gates: [16, 48] },
  { gates: [20, 57] },
  { gates: [20, 34], via: p(140, 350) },
  { gates: [10, 20] },
  { gates: [35, 36] },
  { gates: [12, 22] },
  { gates: [21, 45] },
  { gates: [7, 31] },
  { gates: [1, 8] },
  { gates: [13, 33] },
  { gates: [10, 34] },
  { gates: [10, 57] },
  { gates: [25, 51] },
  { gates: [15, 5] },
  { gates: [2, 14] },
  { gates: [46, 29] },
  { gates: [26, 44] },
  { gates: [40, 37] },
  { gates: [57, 34] },
  { gates: [50, 27] },
  { gates: [59, 6] },
  { gates: [32, 54] },
  { gates: [28, 38] },
  { gates: [18, 58] },
  { gates: [49, 19] },
  { gates: [55, 39] },
  { gates: [30, 41] },
  { gates: [42, 53] },
  { gates: [3, 60] },
  { gates: [9, 52] },
];

export const channelKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

const GATE_INDEX = new Map<number, { centre: CentreId; point: Point }>(
  (Object.keys(GATE_POINTS) as CentreId[]).flatMap((centre) =>
    GATE_POINTS[centre].map(([gate, x, y]) => [gate, { centre, point: p(x, y) }] as const),
  ),
);

export function gatePoint(gate: number): { centre: CentreId; point: Point } {
  const found = GATE_INDEX.get(gate);
  if (!found) throw new RangeError(`Gate ${gate} is not on the bodygraph`);
  return found;
}

export function centroid(points: readonly Point[]): Point {
  const sum = points.reduce((acc, q) => p(acc.x + q.x, acc.y + q.y), p(0, 0));
  return p(sum.x / points.length, sum.y / points.length);
}

/** Gate numbers sit just inside the centre, 10 units from the gate's point towards the centre's middle. */
const LABEL_INSET = 10;

function labelPoint(gate: number): Point {
  const { centre, point } = gatePoint(gate);
  const middle = centroid(CENTRE_OUTLINES[centre]);
  const dx = middle.x - point.x;
  const dy = middle.y - point.y;
  const length = Math.hypot(dx, dy) || 1;
  return p(point.x + (dx / length) * LABEL_INSET, point.y + (dy / length) * LABEL_INSET);
}

export interface CentreShape {
  id: CentreId;
  name: string;
  defined: boolean;
  points: string;
  fill: string;
}

export interface ChannelHalf {
  key: string;
  gate: number;
  from: Point;
  to: Point;
  /** null: the gate is not active, the half is drawn as the faint outline of the channel. */
  side: ActivationSide | null;
}

export interface GateMark {
  gate: number;
  label: Point;
  side: ActivationSide | null;
  /** e.g. "Gate 30: personality South Node line 6; design Sun line 2" (a tooltip). */
  detail: string;
}

export interface BodygraphLayout {
  centres: CentreShape[];
  halves: ChannelHalf[];
  gates: GateMark[];
}

type GateActivation = Bodygraph['gates'][number];

function sideOf(active: GateActivation | undefined): ActivationSide | null {
  if (!active) return null;
  const personality = active.personality.length > 0;
  const design = active.design.length > 0;
  if (personality && design) return 'both';
  if (personality) return 'personality';
  return design ? 'design' : null;
}

/** "northNode" → "North Node" */
const bodyName = (body: string) => body.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

function gateDetail(gate: number, active: GateActivation | undefined): string {
  if (!active) return `Gate ${gate}: not active`;
  const part = (label: string, list: GateActivation['personality']) =>
    list.length > 0 ? `${label} ${list.map((a) => `${bodyName(a.body)} line ${a.line}`).join(', ')}` : null;
  const parts = [part('personality', active.personality), part('design', active.design)].filter(Boolean);
  return `Gate ${gate}: ${parts.join('; ')}`;
}

/** Where everything of one chart goes. Channels are split at their middle (or bend) into two gate halves. */
export function layoutBodygraph(bodygraph: Bodygraph): BodygraphLayout {
  const active = new Map(bodygraph.gates.map((g) => [g.gate, g]));
  const centres = bodygraph.centres.map((c) => ({
    id: c.id,
    name: c.name,
    defined: c.defined,
    points: CENTRE_OUTLINES[c.id].map((q) => `${q.x},${q.y}`).join(' '),
    fill: c.defined ? DEFINED_FILL[c.id] : OPEN_FILL,
  }));
  const halves = CHANNEL_ROUTES.flatMap(({ gates: [a, b], via }) => {
    const from = gatePoint(a).point;
    const to = gatePoint(b).point;
    const middle = via ?? p((from.x + to.x) / 2, (from.y + to.y) / 2);
    const key = channelKey(a, b);
    return [
      { key, gate: a, from, to: middle, side: sideOf(active.get(a)) },
      { key, gate: b, from: middle, to, side: sideOf(active.get(b)) },
    ];
  });
  const gates = [...GATE_INDEX.keys()]
    .sort((a, b) => a - b)
    .map((gate) => ({
      gate,
      label: labelPoint(gate),
      side: sideOf(active.get(gate)),
      detail: gateDetail(gate, active.get(gate)),
    }));
  return { centres, halves, gates };
}

/** The text alternative: type, defined centres and channels, in words a screen reader reads well. */
export function describeBodygraph(
  chart: Pick<HumanDesignChart, 'type' | 'authority' | 'profile' | 'bodygraph'>,
): {
  title: string;
  definedCentres: string;
  /** One "30-41 (Recognition)" per defined channel (the page keeps each on one line). */
  channelLabels: string[];
  channels: string;
  sentence: string;
} {
  const defined = chart.bodygraph.centres.filter((c) => c.defined).map((c) => c.name);
  const channels = chart.bodygraph.channels.map((c) => `${c.gates.join('-')} (${c.name})`);
  const definedCentres = defined.length > 0 ? defined.join(', ') : 'none (every centre open)';
  const channelList = channels.length > 0 ? channels.join(', ') : 'none';
  return {
    title: `Human Design bodygraph: ${chart.type}, profile ${chart.profile}`,
    definedCentres,
    channelLabels: channels,
    channels: channelList,
    sentence: `${chart.type}, ${chart.authority} authority. Defined centres: ${definedCentres}. Channels: ${channelList}.`,
  };
}
