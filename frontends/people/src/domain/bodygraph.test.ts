import { describe, expect, it } from 'vitest';
import { CENTRE_OF_GATE, CHANNELS, calculateChart } from '@mer/chart-engine';
import type { HumanDesignChart } from './bodygraph.ts';
import {
  CENTRE_OUTLINES,
  CHANNEL_ROUTES,
  GATE_POINTS,
  VIEWBOX,
  channelKey,
  describeBodygraph,
  gatePoint,
  layoutBodygraph,
  type CentreId,
  type Point,
} from './bodygraph.ts';

// The engine is the source of truth for which gate is in which centre and which gates make a channel; the
// drawing only places them. These tests tie the two together.

const CENTRE_IDS = Object.keys(CENTRE_OUTLINES) as CentreId[];

function distanceToSegment(q: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((q.x - a.x) * dx + (q.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(q.x - (a.x + t * dx), q.y - (a.y + t * dy));
}

function edges(poly: readonly Point[]): [Point, Point][] {
  return poly.map((a, i) => [a, poly[(i + 1) % poly.length]!]);
}

function inside(q: Point, poly: readonly Point[]): boolean {
  let result = false;
  for (const [a, b] of edges(poly)) {
    if (a.y > q.y !== b.y > q.y && q.x < ((b.x - a.x) * (q.y - a.y)) / (b.y - a.y) + a.x) result = !result;
  }
  return result;
}

/** Inside and more than `margin` away from the outline. */
function deepInside(q: Point, poly: readonly Point[], margin: number): boolean {
  return inside(q, poly) && Math.min(...edges(poly).map(([a, b]) => distanceToSegment(q, a, b))) > margin;
}

// A real chart from the engine (Barack Obama's published birth data, see the engine's tests), as the API sends it.
function obama(): HumanDesignChart {
  const hd = calculateChart({
    birthDate: '1961-08-04',
    birthTime: '19:24',
    latitude: 21.3069,
    longitude: -157.8583,
  }).humanDesign!;
  return {
    type: hd.type,
    strategy: hd.strategy,
    authority: hd.authorityLabel,
    profile: hd.profile,
    definition: hd.definition,
    incarnationCross: hd.incarnationCross,
    interpretation: hd.interpretation,
    bodygraph: hd.bodygraph,
  };
}

describe('bodygraph geometry', () => {
  it('places each of the 64 gates once, in the centre the engine gives it, on that centre', () => {
    const placed = CENTRE_IDS.flatMap((c) => GATE_POINTS[c].map(([gate]) => gate));
    expect(placed.sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
    for (const centre of CENTRE_IDS) {
      for (const [gate, x, y] of GATE_POINTS[centre]) {
        expect(CENTRE_OF_GATE.get(gate), `gate ${gate}`).toBe(centre);
        const outline = CENTRE_OUTLINES[centre];
        const onEdge = Math.min(...edges(outline).map(([a, b]) => distanceToSegment({ x, y }, a, b))) < 0.8;
        expect(onEdge || inside({ x, y }, outline), `gate ${gate} on ${centre}`).toBe(true);
      }
    }
  });

  it("draws exactly the engine's 36 channels", () => {
    const drawn = CHANNEL_ROUTES.map((r) => channelKey(...r.gates)).sort();
    expect(new Set(drawn).size).toBe(36);
    expect(drawn).toEqual(CHANNELS.map((c) => channelKey(...c.gates)).sort());
  });

  it('no channel runs through a third centre, and everything fits the view box', () => {
    for (const { gates, via } of CHANNEL_ROUTES) {
      const [a, b] = gates.map((g) => gatePoint(g));
      const path = via ? [a!.point, via, b!.point] : [a!.point, b!.point];
      for (let i = 0; i + 1 < path.length; i++) {
        for (let t = 0; t <= 1; t += 0.02) {
          const q = {
            x: path[i]!.x + t * (path[i + 1]!.x - path[i]!.x),
            y: path[i]!.y + t * (path[i + 1]!.y - path[i]!.y),
          };
          for (const centre of CENTRE_IDS) {
            if (centre === a!.centre || centre === b!.centre) continue;
            expect(deepInside(q, CENTRE_OUTLINES[centre], 1), `${gates.join('-')} crosses ${centre}`).toBe(
              false,
            );
          }
        }
      }
    }
    for (const outline of Object.values(CENTRE_OUTLINES))
      for (const q of outline) {
        expect(q.x).toBeGreaterThanOrEqual(0);
        expect(q.x).toBeLessThanOrEqual(VIEWBOX.width);
        expect(q.y).toBeGreaterThanOrEqual(0);
        expect(q.y).toBeLessThanOrEqual(VIEWBOX.height);
      }
  });

  it('gate numbers sit inside their centre without overlapping (circles of radius 5.5)', () => {
    const { gates } = layoutBodygraph(obama().bodygraph);
    expect(gates).toHaveLength(64);
    for (const mark of gates) {
      expect(inside(mark.label, CENTRE_OUTLINES[gatePoint(mark.gate).centre]), `gate ${mark.gate}`).toBe(
        true,
      );
      for (const other of gates) {
        if (other.gate <= mark.gate) continue;
        const gap = Math.hypot(mark.label.x - other.label.x, mark.label.y - other.label.y);
        expect(gap, `gates ${mark.gate} and ${other.gate}`).toBeGreaterThanOrEqual(11);
      }
    }
  });
});

describe('a chart on the bodygraph', () => {
  it('fills defined centres, draws defined channels whole and active gates of open channels as half lines', () => {
    const chart = obama();
    const layout = layoutBodygraph(chart.bodygraph);
    const definedIds = chart.bodygraph.centres.filter((c) => c.defined).map((c) => c.id);
    expect(definedIds.sort()).toEqual(['root', 'solarPlexus']);
    for (const centre of layout.centres) expect(centre.fill === '#ffffff').toBe(!centre.defined);

    // The one defined channel, 30-41 (Recognition): both halves coloured.
    const recognition = layout.halves.filter((h) => h.key === '30-41');
    expect(recognition.map((h) => h.side !== null)).toEqual([true, true]);
    // Every other half is coloured exactly when its gate is active: the hanging gates.
    const active = new Set(chart.bodygraph.gates.map((g) => g.gate));
    for (const half of layout.halves)
      expect(half.side !== null, `${half.key} at ${half.gate}`).toBe(active.has(half.gate));
    // No other channel has both halves coloured (it would be defined).
    const whole = new Set(
      layout.halves
        .filter((h) => h.side && layout.halves.some((o) => o.key === h.key && o.gate !== h.gate && o.side))
        .map((h) => h.key),
    );
    expect([...whole]).toEqual(['30-41']);
  });

  it('tells personality, design and both apart, per gate', () => {
    const chart = obama();
    const { gates } = layoutBodygraph(chart.bodygraph);
    for (const g of chart.bodygraph.gates) {
      const expected =
        g.personality.length && g.design.length ? 'both' : g.personality.length ? 'personality' : 'design';
      expect(gates.find((m) => m.gate === g.gate)?.side).toBe(expected);
    }
    const gate30 = gates.find((m) => m.gate === 30)!;
    expect(gate30.detail).toMatch(/^Gate 30: personality .*South Node line \d/);
    expect(gates.find((m) => !active(chart, m.gate))?.detail).toMatch(/not active$/);
  });

  it('says the type, the defined centres and the channels in words', () => {
    const text = describeBodygraph(obama());
    expect(text.title).toBe('Human Design bodygraph: Projector, profile 6/2');
    expect(text.definedCentres).toBe('Solar Plexus, Root');
    expect(text.channels).toBe('30-41 (Recognition)');
    expect(text.channelLabels).toEqual(['30-41 (Recognition)']);
    expect(text.sentence).toContain('Projector, Emotional');
    const reflector = describeBodygraph({
      ...obama(),
      type: 'Reflector',
      bodygraph: {
        ...obama().bodygraph,
        channels: [],
        centres: obama().bodygraph.centres.map((c) => ({ ...c, defined: false })),
      },
    });
    expect(reflector.definedCentres).toBe('none (every centre open)');
    expect(reflector.channels).toBe('none');
  });
});

function active(chart: HumanDesignChart, gate: number): boolean {
  return chart.bodygraph.gates.some((g) => g.gate === gate);
}
