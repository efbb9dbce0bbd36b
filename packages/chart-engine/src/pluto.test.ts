// The shipped Chebyshev coefficients (pluto-chebyshev.ts) against the integration they were generated from
// (pluto-orbit.ts, run again here from the shipped J2000 state), and that orbit against what it was fitted
// to: Meeus ch. 37 over 1914–1981 and TOP2013's position at J2000. Positions are compared as distances in AU: 1e-6 AU at Pluto (30–50 AU from the
// Earth) is 0.004–0.007″.
import { describe, expect, it } from 'vitest';
import { plutoHeliocentric, PLUTO_CHEBYSHEV_SPAN } from './pluto.ts';
import { PLUTO_CHEBYSHEV } from './pluto-chebyshev.ts';
import { meeusPlutoHeliocentric } from './pluto-meeus.ts';
import {
  GiantTable,
  integrate,
  PLUTO_ORBIT_SETTINGS,
  top2013AtJ2000,
  positionAt,
  STEP_DAYS,
  type State,
} from './pluto-orbit.ts';

const distance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('Pluto from the shipped Chebyshev coefficients', () => {
  const s = PLUTO_ORBIT_SETTINGS;
  it('were generated with the current settings, 1880–2120', () => {
    expect(PLUTO_CHEBYSHEV.from).toBe(s.from);
    expect(PLUTO_CHEBYSHEV.segmentDays).toBe(s.segmentDays);
    expect(PLUTO_CHEBYSHEV.degree).toBe(s.degree);
    expect(PLUTO_CHEBYSHEV_SPAN).toEqual({ from: s.from, to: s.to });
  });

  it('match the integration from the shipped state within 3e-7 AU; it stays within 1e-4 AU (0.5″) of Meeus 1914–1981 and goes through TOP2013 at J2000', () => {
    const orbit = integrate([...PLUTO_CHEBYSHEV.state] as State, new GiantTable(s.from, s.to));
    let chebyshev = 0;
    for (let tt = s.from; tt <= s.to; tt += 5 * STEP_DAYS)
      chebyshev = Math.max(chebyshev, distance(plutoHeliocentric(tt), positionAt(orbit, tt)));
    expect(chebyshev).toBeLessThan(3e-7);
    let meeus = 0;
    for (let tt = s.meeusFrom; tt <= s.meeusTo; tt += 10 * STEP_DAYS)
      meeus = Math.max(meeus, distance(positionAt(orbit, tt), meeusPlutoHeliocentric(tt)));
    expect(meeus).toBeLessThan(1e-4);
    expect(distance(positionAt(orbit, 0), top2013AtJ2000())).toBeLessThan(1e-7);
  }, 120_000);

  it('is continuous across segment boundaries and falls back to Meeus outside 1880–2120', () => {
    for (let k = 1; k < 15; k++) {
      const tt = s.from + k * s.segmentDays;
      expect(distance(plutoHeliocentric(tt - 1e-6), plutoHeliocentric(tt + 1e-6))).toBeLessThan(5e-7);
    }
    for (const tt of [s.from - 1, s.to + 1, -60_000, 60_000])
      expect(plutoHeliocentric(tt)).toEqual(meeusPlutoHeliocentric(tt));
  });
});
