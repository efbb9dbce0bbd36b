// Apparent geocentric positions in the tropical ecliptic of date (true equinox, nutation included): VSOP87
// and ELP/MPP02 through ephemeris.ts, precession, nutation and sidereal time from astronomy-engine.
import { SiderealTime, e_tilt, type AstroTime } from 'astronomy-engine';
import {
  apparentMoon,
  apparentPlanet,
  apparentPluto,
  apparentSun,
  frameAt,
  shiftFrame,
  type Frame,
} from './ephemeris.ts';
import { addDays, timeFromUtc } from './timescale.ts';
import { norm180, norm360 } from './zodiac.ts';

export const PLANETS = [
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
] as const;
export type PlanetName = (typeof PLANETS)[number];
export type BodyName = 'sun' | 'moon' | PlanetName | 'northNode' | 'southNode';

const DEG = Math.PI / 180;

/** A civil (UTC) instant as TT for the ephemeris and UT1 for sidereal time (timescale.ts). */
export function astroTime(utc: Date): AstroTime {
  return timeFromUtc(utc);
}

/** Apparent Sun (light time and aberration included), true ecliptic of date. */
export function sunLongitude(time: AstroTime): number {
  return apparentSun(frameAt(time));
}

export function moonLongitude(time: AstroTime): number {
  return apparentMoon(frameAt(time)).longitude;
}

/** Apparent planet longitude: light-time and aberration corrected, then to the true ecliptic of date. */
export function planetLongitude(planet: PlanetName, time: AstroTime): number {
  const f = frameAt(time);
  return planet === 'pluto' ? apparentPluto(f) : apparentPlanet(f, planet);
}

/**
 * True (osculating) lunar node: the ascending node of the plane through the Moon's geocentric position and
 * velocity (ELP/MPP02), measured on the true ecliptic of date.
 */
export function trueNodeLongitude(time: AstroTime): number {
  return apparentMoon(frameAt(time)).trueNode;
}

/** Mean node (Meeus, Astronomical Algorithms 2nd ed., eq. 47.7) plus nutation in longitude. */
export function meanNodeLongitude(time: AstroTime): number {
  const T = time.tt / 36525;
  const omega =
    125.0445479 - 1934.1362891 * T + 0.0020754 * T * T + (T * T * T) / 467441 - (T * T * T * T) / 60616000;
  return norm360(omega + e_tilt(time).dpsi / 3600);
}

export interface Angles {
  ascendant: number;
  midheaven: number;
  /** Local apparent sidereal time in degrees. */
  localSiderealDegrees: number;
  /** True obliquity of the ecliptic, degrees. */
  obliquity: number;
  /** Inside a polar circle, where some ecliptic degrees never rise (the Ascendant is still the rising point). */
  polar: boolean;
}

/** Latitudes are clamped this far short of the poles so tan φ stays finite. */
const MAX_LATITUDE = 89.99;

/**
 * Ascendant = atan2(cos θ, −(sin θ·cos ε + tan φ·sin ε)), Midheaven = atan2(sin θ, cos θ·cos ε), with θ the
 * local apparent sidereal angle (GAST + east longitude) and ε the true obliquity (Meeus ch. 14 / Astronomical
 * Almanac). The formula is total: it never yields NaN for |φ| < 90°, so the result is always defined.
 */
export function angles(time: AstroTime, latitude: number, longitude: number): Angles {
  const eps = e_tilt(time).tobl;
  const theta = norm360(SiderealTime(time) * 15 + longitude);
  const phi = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  const t = theta * DEG;
  const e = eps * DEG;
  let asc = Math.atan2(Math.cos(t), -(Math.sin(t) * Math.cos(e) + Math.tan(phi * DEG) * Math.sin(e))) / DEG;
  // Inside the polar circles the formula can give the setting (western) intersection of the ecliptic and
  // the horizon; the rising one, which the Swiss Ephemeris and most programs return, is opposite it.
  const ra = Math.atan2(Math.sin(asc * DEG) * Math.cos(e), Math.cos(asc * DEG));
  if (Math.sin(t - ra) > 0) asc += 180;
  const mc = Math.atan2(Math.sin(t), Math.cos(t) * Math.cos(e)) / DEG;
  return {
    ascendant: norm360(asc),
    midheaven: norm360(mc),
    localSiderealDegrees: theta,
    obliquity: eps,
    polar: Math.abs(latitude) > 90 - eps,
  };
}

export type Longitudes = Record<BodyName, number>;
export type NodeKind = 'true' | 'mean';

/** Every body's apparent longitude in one frame (one instant). */
export function longitudesIn(f: Frame, node: NodeKind): Longitudes {
  // The osculating node needs the Moon's velocity and a finer latitude series: only computed when asked.
  const moon = apparentMoon(f, node === 'true');
  const northNode = node === 'true' ? moon.trueNode : meanNodeLongitude(f.time);
  return {
    sun: apparentSun(f),
    moon: moon.longitude,
    mercury: apparentPlanet(f, 'mercury'),
    venus: apparentPlanet(f, 'venus'),
    mars: apparentPlanet(f, 'mars'),
    jupiter: apparentPlanet(f, 'jupiter'),
    saturn: apparentPlanet(f, 'saturn'),
    uranus: apparentPlanet(f, 'uranus'),
    neptune: apparentPlanet(f, 'neptune'),
    pluto: apparentPluto(f),
    northNode,
    southNode: norm360(northNode + 180),
  };
}

export function allLongitudes(time: AstroTime, node: NodeKind = 'true'): Longitudes {
  return longitudesIn(frameAt(time), node);
}

/**
 * The instant (before `birth`) when the apparent Sun stood `arc` degrees of longitude before its birth
 * position, to better than 0.001″. The frame there is returned for the other bodies.
 */
export function designFrame(birth: AstroTime, arc: number, birthFrame?: Frame): Frame {
  const start = birthFrame ?? frameAt(birth);
  const target = norm360(apparentSun(start) - arc);
  // The Sun moves ~0.9856°/day on average (0.95–1.02 over the year), so this starts within ~2 days.
  let t = addDays(birth, -arc / 0.9856);
  let rate = 0.9856;
  // First the coarse Earth in the birth frame's rotation, where longitudes read larger by the general
  // precession since the design moment (50.29″ a year): secant steps of a few dozen terms each.
  const precession = (50.29 / 3600 / 365.25) * (arc / 0.9856);
  let previous: { tt: number; lon: number } | null = null;
  for (let i = 0; i < 8; i++) {
    const lon = apparentSun(shiftFrame(start, t, true));
    if (previous) rate = norm180(lon - previous.lon) / (t.tt - previous.tt);
    const err = norm180(lon - target - precession);
    if (Math.abs(err) < 1e-5) break;
    previous = { tt: t.tt, lon };
    t = addDays(t, -err / rate);
  }
  // Then Newton steps on the full Sun in the frame of that moment (rotation and Earth velocity kept while
  // the step is under 20 s, beyond which they are recomputed so the result stays within 0.001″).
  let f = frameAt(t);
  let anchor = f.time.tt;
  for (let i = 0; i < 6; i++) {
    const err = norm180(apparentSun(f) - target);
    if (Math.abs(err) < 1e-8) break;
    const next = addDays(f.time, -err / rate);
    if (Math.abs(next.tt - anchor) * 86_400 > 20) {
      f = frameAt(next);
      anchor = next.tt;
    } else f = shiftFrame(f, next);
  }
  return f;
}

export function solveSunArcBefore(birth: AstroTime, arc: number): AstroTime {
  return designFrame(birth, arc).time;
}
