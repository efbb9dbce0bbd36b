// Accuracy against published values (never values produced by this code). Each reference names its source.
import { AstroTime, SiderealTime } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import {
  angles,
  astroTime,
  meanNodeLongitude,
  moonLongitude,
  planetLongitude,
  solveSunArcBefore,
  sunLongitude,
  trueNodeLongitude,
} from './astro.ts';
import { norm180 } from './zodiac.ts';

const arcmin = (a: number, b: number) => Math.abs(norm180(a - b)) * 60;
/** An instant given in Terrestrial Time as a Julian Ephemeris Day (how Meeus states his examples). */
const fromJde = (jde: number) => AstroTime.FromTerrestrialTime(jde - 2451545.0);

describe('Sun at the equinoxes and solstices (USNO, "Earth\'s Seasons and Apsides", times UT to the minute)', () => {
  // At these instants the Sun's apparent geocentric longitude is exactly 0°, 90°, 180° or 270°.
  // A time rounded to the minute adds at most 0.02′ (the Sun moves ~0.04′ a minute).
  const cases: [string, number][] = [
    ['2000-03-20T07:35Z', 0],
    ['2000-06-21T01:48Z', 90],
    ['2000-09-22T17:28Z', 180],
    ['2000-12-21T13:37Z', 270],
    ['2010-03-20T17:32Z', 0],
    ['2010-06-21T11:28Z', 90],
    ['2010-09-23T03:09Z', 180],
    ['2010-12-21T23:38Z', 270],
    ['2024-03-20T03:06Z', 0],
    ['2024-06-20T20:51Z', 90],
    ['2024-09-22T12:44Z', 180],
  ];
  it.each(cases)('%s → %d°', (iso, expected) => {
    expect(arcmin(sunLongitude(astroTime(new Date(iso))), expected)).toBeLessThan(0.1);
  });
});

describe('Meeus, Astronomical Algorithms (2nd ed., 1998) worked examples', () => {
  it('Sun, example 25.b: 1992 Oct 13.0 TD, apparent λ = 199°54′21.818″ (full VSOP87)', () => {
    const ref = 199 + 54 / 60 + 21.818 / 3600;
    expect(arcmin(sunLongitude(fromJde(2448908.5)), ref)).toBeLessThan(0.1);
  });
  it('Moon, example 47.a: 1992 Apr 12.0 TD, apparent λ = 133.162655°', () => {
    expect(arcmin(moonLongitude(fromJde(2448724.5)), 133.162655)).toBeLessThan(1);
  });
  it('Venus, example 33.a: 1992 Dec 20.0 TD, apparent λ = 313.08102°', () => {
    expect(arcmin(planetLongitude('venus', fromJde(2448976.5)), 313.08102)).toBeLessThan(1);
  });
  it('Sidereal time, example 12.a: 1987 Apr 10 0h UT, apparent GST = 13h10m46.1351s', () => {
    const seconds = SiderealTime(new Date('1987-04-10T00:00:00Z')) * 3600;
    expect(Math.abs(seconds - (13 * 3600 + 10 * 60 + 46.1351))).toBeLessThan(0.05);
  });
});

describe('Moon at published new and full moons (USNO phases of the Moon, UT to the minute)', () => {
  // Geocentric conjunction/opposition in longitude: Moon − Sun = 0° or 180°. The elongation changes
  // ~0.51′ per minute, so a time rounded to the minute allows 0.26′; the test allows 1′.
  const cases: [string, number, string][] = [
    ['2000-01-06T18:14Z', 0, 'new moon'],
    ['2000-01-21T04:40Z', 180, 'full moon (total lunar eclipse)'],
    ['2017-08-21T18:30Z', 0, 'new moon (total solar eclipse)'],
    ['2019-01-21T05:16Z', 180, 'full moon (total lunar eclipse)'],
    ['2024-04-08T18:21Z', 0, 'new moon (total solar eclipse)'],
  ];
  it.each(cases)('%s elongation %d° (%s)', (iso, expected) => {
    const t = astroTime(new Date(iso));
    expect(arcmin(moonLongitude(t) - sunLongitude(t), expected)).toBeLessThan(1);
  });
});

describe('Ascendant and Midheaven', () => {
  const DEG = Math.PI / 180;
  /** Altitude and hour angle of an ecliptic point (β = 0): an independent check by spherical trigonometry. */
  function horizonOf(lambda: number, t: AstroTime, lat: number, lon: number) {
    const a = angles(t, lat, lon);
    const e = a.obliquity * DEG;
    const l = lambda * DEG;
    const ra = Math.atan2(Math.sin(l) * Math.cos(e), Math.cos(l));
    const dec = Math.asin(Math.sin(l) * Math.sin(e));
    const h = a.localSiderealDegrees * DEG - ra;
    const sinAlt = Math.sin(lat * DEG) * Math.sin(dec) + Math.cos(lat * DEG) * Math.cos(dec) * Math.cos(h);
    return { altitude: Math.asin(sinAlt) / DEG, east: Math.sin(h) < 0 };
  }
  const places: [string, number, number][] = [
    ['London', 51.5074, -0.1278],
    ['Sydney', -33.8688, 151.2093],
    ['Quito', -0.1807, -78.4678],
    ['Tromsø', 69.6492, 18.9553],
    ['Longyearbyen', 78.2232, 15.6267],
    ['McMurdo', -77.846, 166.676],
  ];
  it.each(places)(
    '%s: the Ascendant lies on the horizon every hour of a day, never NaN',
    (_name, lat, lon) => {
      for (let hour = 0; hour < 24; hour++) {
        const t = astroTime(new Date(Date.UTC(2024, 0, 15, hour, 7)));
        const a = angles(t, lat, lon);
        expect(Number.isFinite(a.ascendant) && Number.isFinite(a.midheaven)).toBe(true);
        const h = horizonOf(a.ascendant, t, lat, lon);
        expect(Math.abs(h.altitude)).toBeLessThan(1 / 60);
        // Outside the polar circles the formula's point is the rising (eastern) one.
        if (!a.polar) expect(h.east).toBe(true);
        expect(a.polar).toBe(Math.abs(lat) > 90 - a.obliquity);
      }
    },
  );
  it('the Midheaven is the ecliptic point on the meridian (hour angle 0, culminating)', () => {
    const t = astroTime(new Date('1987-04-10T00:00:00Z'));
    const a = angles(t, 51.5, 0);
    const e = a.obliquity * DEG;
    const l = a.midheaven * DEG;
    const ra = Math.atan2(Math.sin(l) * Math.cos(e), Math.cos(l)) / DEG;
    expect(arcmin(ra, a.localSiderealDegrees)).toBeLessThan(0.01);
  });
  it('at the poles themselves the latitude is clamped and the result stays finite', () => {
    const t = astroTime(new Date('2024-06-01T12:00:00Z'));
    for (const lat of [90, -90, 89.999]) {
      const a = angles(t, lat, 0);
      expect(Number.isFinite(a.ascendant)).toBe(true);
      expect(a.polar).toBe(true);
    }
  });
});

describe('design moment: the Sun 88° before its birth position', () => {
  it('is found by solving, to better than 0.001″, 85–92 days before birth', () => {
    for (const iso of [
      '1900-01-01T00:00:00Z',
      '1961-08-05T05:24:00Z',
      '2000-03-20T07:35:00Z',
      '2024-07-04T12:00:00Z',
    ]) {
      const birth = astroTime(new Date(iso));
      const design = solveSunArcBefore(birth, 88);
      expect(Math.abs(norm180(sunLongitude(birth) - sunLongitude(design) - 88)) * 3600).toBeLessThan(0.001);
      const days = birth.ut - design.ut;
      expect(days).toBeGreaterThan(85);
      expect(days).toBeLessThan(92);
    }
  });
});

describe('lunar node', () => {
  it('the osculating node agrees with the true-node series of Meeus ch. 47 (p. 344) within 6′', () => {
    // Meeus gives the true node as the mean node plus five periodic terms; that series is itself truncated
    // (a few arc-minutes), so this checks our geometry (the node of r × v), not arc-second accuracy.
    const D2R = Math.PI / 180;
    for (const iso of ['1900-01-01', '1950-06-15', '1987-04-10', '2000-03-20', '2024-07-04']) {
      const t = astroTime(new Date(`${iso}T00:00:00Z`));
      const T = t.tt / 36525;
      const D = 297.8501921 + 445267.1114034 * T;
      const M = 357.5291092 + 35999.0502909 * T;
      const Mp = 134.9633964 + 477198.8675055 * T;
      const F = 93.272095 + 483202.0175233 * T;
      const meeus =
        meanNodeLongitude(t) -
        1.4979 * Math.sin(2 * (D - F) * D2R) -
        0.15 * Math.sin(M * D2R) -
        0.1226 * Math.sin(2 * D * D2R) +
        0.1176 * Math.sin(2 * F * D2R) -
        0.0801 * Math.sin(2 * (Mp - F) * D2R);
      expect(arcmin(trueNodeLongitude(t), meeus)).toBeLessThan(6);
    }
  });
});
