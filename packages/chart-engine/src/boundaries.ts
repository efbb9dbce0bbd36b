// Item: "born at 14:43" means any instant from 14:42:30 to 14:43:30. Bodies that cross a Human Design gate
// or line boundary (or an Ascendant that crosses a sign) within that minute get a note for the member.
import type { AstroTime } from 'astronomy-engine';
import { angles, designFrame, longitudesIn, type NodeKind } from './astro.ts';
import { frameAt } from './ephemeris.ts';
import { LINE_WIDTH, WHEEL_START_DEGREES } from './human-design-data.ts';
import { gateLineAt, type Activation, type HdBody, type HumanDesign } from './human-design.ts';
import { addDays } from './timescale.ts';
import { zodiacPosition } from './zodiac.ts';

const HALF_MINUTE_DAYS = 30 / 86_400;

/**
 * Upper bounds of each body's geocentric speed, degrees per day (the Moon up to 15.4°/day; the osculating
 * node swings up to ~1.5°/day around perigee/apogee alignments). Only bodies this close to a line boundary
 * are recomputed at ±30 s, so a chart far from every boundary costs nothing extra.
 */
const MAX_SPEED: Record<HdBody, number> = {
  sun: 1.02,
  earth: 1.02,
  northNode: 2,
  southNode: 2,
  moon: 15.5,
  mercury: 2.3,
  venus: 1.3,
  mars: 0.8,
  jupiter: 0.25,
  saturn: 0.14,
  uranus: 0.07,
  neptune: 0.04,
  pluto: 0.04,
};

const BODY_NAMES: Record<HdBody, string> = {
  sun: 'Sun',
  earth: 'Earth',
  northNode: 'North Node',
  southNode: 'South Node',
  moon: 'Moon',
  mercury: 'Mercury',
  venus: 'Venus',
  mars: 'Mars',
  jupiter: 'Jupiter',
  saturn: 'Saturn',
  uranus: 'Uranus',
  neptune: 'Neptune',
  pluto: 'Pluto',
};

/** Arc (degrees) from a longitude to the nearest line boundary (every gate boundary is one too). */
function toNearestLineBoundary(longitude: number): number {
  const offset = (((longitude - WHEEL_START_DEGREES) % LINE_WIDTH) + LINE_WIDTH) % LINE_WIDTH;
  return Math.min(offset, LINE_WIDTH - offset);
}

function sentence(side: 'personality' | 'design', a: Activation, other: Activation): string {
  const who = side === 'design' ? `Your design ${BODY_NAMES[a.body]}` : `Your ${BODY_NAMES[a.body]}`;
  const [lo, hi] = a.longitude <= other.longitude ? [a, other] : [other, a];
  const boundary =
    a.gate !== other.gate
      ? `between gate ${lo.gate} and gate ${hi.gate}`
      : `between lines ${lo.line} and ${hi.line} of gate ${a.gate}`;
  return `${who} sits on the boundary ${boundary}: a birth time a minute earlier or later changes it.`;
}

/** The first activation at ±30 s that differs (gate or line) from `a`, if any. */
function changed(a: Activation, longitudes: number[]): Activation | null {
  for (const longitude of longitudes) {
    const g = gateLineAt(longitude);
    if (g.gate !== a.gate || g.line !== a.line) return { ...a, ...g, longitude };
  }
  return null;
}

export function boundaryNotes(input: {
  birth: AstroTime;
  latitude: number;
  longitude: number;
  node: NodeKind;
  ascendant: number;
  humanDesign: HumanDesign | null;
}): string[] {
  const notes: string[] = [];
  const earlier = addDays(input.birth, -HALF_MINUTE_DAYS);
  const later = addDays(input.birth, HALF_MINUTE_DAYS);

  const rising = zodiacPosition(input.ascendant).sign;
  for (const time of [earlier, later]) {
    const other = zodiacPosition(angles(time, input.latitude, input.longitude).ascendant).sign;
    if (other !== rising) {
      notes.push(
        `Your Ascendant sits on the boundary between ${rising} and ${other}: a birth time a minute earlier or later changes your rising sign.`,
      );
      break;
    }
  }

  const hd = input.humanDesign;
  if (!hd) return notes;
  for (const side of ['personality', 'design'] as const) {
    const near = hd[side].filter(
      (a) => toNearestLineBoundary(a.longitude) <= MAX_SPEED[a.body] * HALF_MINUTE_DAYS,
    );
    if (near.length === 0) continue;
    // The design moment moves with the birth time (the Sun's 88° arc), by about the same ±30 s.
    const shifted = [earlier, later].map((time) => {
      const frame = side === 'personality' ? frameAt(time) : designFrame(time, 88);
      return longitudesIn(frame, input.node);
    });
    for (const a of near) {
      const lon = (l: ReturnType<typeof longitudesIn>) =>
        a.body === 'earth' ? (l.sun + 180) % 360 : l[a.body as Exclude<HdBody, 'earth'>];
      const other = changed(a, shifted.map(lon));
      if (other) notes.push(sentence(side, a, other));
    }
  }
  return notes;
}
