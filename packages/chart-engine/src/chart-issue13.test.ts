// Issue 13 items 19, 20 and 22: the polar Ascendant, the node option on both Human Design sides, and notes
// for bodies on a gate/line boundary within a one-minute birth time.
import { describe, expect, it } from 'vitest';
import { angles, astroTime, meanNodeLongitude, solveSunArcBefore, trueNodeLongitude } from './astro.ts';
import { calculateChart } from './chart.ts';

const NOW = new Date('2026-11-23T00:00:00Z');
const DEG = Math.PI / 180;

describe('item 19: the Ascendant is the eastern (rising) intersection inside the polar circles', () => {
  it('Murmansk, 1967-12-01 14:43: Aquarius rising, as the Swiss Ephemeris gives (the formula alone gave Leo)', () => {
    const r = calculateChart(
      { birthDate: '1967-12-01', birthTime: '14:43', latitude: 68.9585, longitude: 33.0827 },
      { now: NOW },
    );
    expect(r.astrology.risingSign).toBe('Aquarius');
    expect(r.astrology.highLatitudeNote).toMatch(/polar circle/);
  });
  const places: [string, number, number][] = [
    ['Murmansk', 68.9585, 33.0827],
    ['Tromsø', 69.6492, 18.9553],
    ['Utqiaġvik', 71.2906, -156.7886],
    ['Longyearbyen', 78.2232, 15.6267],
    ['Alert', 82.5018, -62.3481],
    ['McMurdo', -77.846, 166.676],
    ['Vostok', -78.4645, 106.8339],
    ['Rothera', -67.5681, -68.1237],
  ];
  it.each(places)(
    '%s: on the horizon and east of the meridian at every hour of four days',
    (_n, lat, lon) => {
      for (const day of ['1967-12-01', '1984-03-20', '2001-06-21', '2019-09-23']) {
        for (let hour = 0; hour < 24; hour++) {
          const t = astroTime(new Date(`${day}T${String(hour).padStart(2, '0')}:17:00Z`));
          const a = angles(t, lat, lon);
          const e = a.obliquity * DEG;
          const l = a.ascendant * DEG;
          const ra = Math.atan2(Math.sin(l) * Math.cos(e), Math.cos(l));
          const dec = Math.asin(Math.sin(l) * Math.sin(e));
          const h = a.localSiderealDegrees * DEG - ra;
          const sinAlt =
            Math.sin(lat * DEG) * Math.sin(dec) + Math.cos(lat * DEG) * Math.cos(dec) * Math.cos(h);
          expect(Math.abs(Math.asin(sinAlt) / DEG)).toBeLessThan(1 / 60);
          expect(Math.sin(h)).toBeLessThan(0);
        }
      }
    },
  );
});

describe("item 20: node: 'mean' reaches the design side too", () => {
  it('both sides use the mean node with the option and the true node without it', () => {
    const input = { birthDate: '1992-10-03', birthTime: '00:03', latitude: 41.9445, longitude: -71.2856 };
    const mean = calculateChart(input, { now: NOW, node: 'mean' });
    const osculating = calculateChart(input, { now: NOW });
    const birth = astroTime(mean.birthInstant!);
    const design = solveSunArcBefore(birth, 88);
    const node = (r: typeof mean, side: 'personality' | 'design') =>
      r.humanDesign![side].find((a) => a.body === 'northNode')!.longitude;
    expect(node(mean, 'personality')).toBeCloseTo(meanNodeLongitude(birth), 6);
    expect(node(mean, 'design')).toBeCloseTo(meanNodeLongitude(design), 6);
    expect(node(osculating, 'personality')).toBeCloseTo(trueNodeLongitude(birth), 6);
    expect(node(osculating, 'design')).toBeCloseTo(trueNodeLongitude(design), 6);
    expect(Math.abs(node(mean, 'design') - node(osculating, 'design'))).toBeGreaterThan(0.001);
  });
});

describe('item 22: a note when a one-minute birth time straddles a gate or line boundary', () => {
  /** Finds a birth minute whose personality Moon lies within 15″ of a line boundary (searching a day). */
  function moonOnBoundary() {
    for (let minute = 0; minute < 24 * 60; minute++) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      const r = calculateChart(
        { birthDate: '1990-06-15', birthTime: time, latitude: 51.5074, longitude: -0.1278 },
        { now: NOW },
      );
      const moon = r.humanDesign!.personality.find((a) => a.body === 'moon')!;
      const offset = (((moon.longitude - 302) % 0.9375) + 0.9375) % 0.9375;
      if (Math.min(offset, 0.9375 - offset) < 15 / 3600) return r;
    }
    throw new Error('no minute found');
  }
  it('the Moon on a line boundary gets a member-facing sentence; a chart far from every boundary gets none', () => {
    const r = moonOnBoundary();
    expect(
      r.boundaryNotes.some((n) =>
        /^Your Moon sits on the boundary between (gate \d+ and gate \d+|lines \d and \d of gate \d+): a birth time a minute earlier or later changes it\.$/.test(
          n,
        ),
      ),
    ).toBe(true);
    const quiet = calculateChart({ birthDate: '2000-03-20', birthTime: '12:00' }, { now: NOW });
    expect(quiet.boundaryNotes).toEqual([]);
  });
  it('the Ascendant on a sign boundary: the rising sign note', () => {
    // The Ascendant moves ~15′ a minute in London: the first minute of a new rising sign is within 7′ of
    // the cusp at some point of the day, i.e. within the ±30 s motion (~7.5′).
    for (let minute = 0; minute < 24 * 60; minute++) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      const r = calculateChart(
        { birthDate: '1990-06-15', birthTime: time, latitude: 51.5074, longitude: -0.1278 },
        { now: NOW, humanDesign: false },
      );
      const asc = r.astrology.positions!.ascendant;
      if (asc.degree === 0 && asc.minute < 7) {
        expect(r.boundaryNotes.join(' ')).toMatch(
          /Your Ascendant sits on the boundary between \w+ and \w+: a birth time a minute earlier or later changes your rising sign\./,
        );
        return;
      }
    }
    throw new Error('no minute near a cusp found');
  });
});
