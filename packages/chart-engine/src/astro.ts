// Apparent geocentric positions in the tropical ecliptic of date (true equinox, nutation included),
// from astronomy-engine (VSOP87 planets, NAO 1954 Moon, ΔT by Espenak–Meeus).
import {
  Body,
  Ecliptic,
  EclipticGeoMoon,
  GeoMoonState,
  GeoVector,
  MakeTime,
  RotateState,
  Rotation_EQJ_ECT,
  SiderealTime,
  SunPosition,
  e_tilt,
  type AstroTime,
} from 'astronomy-engine';
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

const PLANET_BODIES: Record<PlanetName, Body> = {
  mercury: Body.Mercury,
  venus: Body.Venus,
  mars: Body.Mars,
  jupiter: Body.Jupiter,
  saturn: Body.Saturn,
  uranus: Body.Uranus,
  neptune: Body.Neptune,
  pluto: Body.Pluto,
};

const DEG = Math.PI / 180;

export function astroTime(utc: Date): AstroTime {
  return MakeTime(utc);
}

/** Apparent Sun (light time and aberration included), true ecliptic of date. */
export function sunLongitude(time: AstroTime): number {
  return SunPosition(time).elon;
}

export function moonLongitude(time: AstroTime): number {
  return norm360(EclipticGeoMoon(time).lon);
}

/** Apparent planet longitude: light-time and aberration corrected, then to the true ecliptic of date. */
export function planetLongitude(planet: PlanetName, time: AstroTime): number {
  return Ecliptic(GeoVector(PLANET_BODIES[planet], time, true)).elon;
}

/**
 * True (osculating) lunar node: the ascending node of the plane through the Moon's geocentric position and
 * velocity, measured on the true ecliptic of date. The line of nodes points along ẑ × h with h = r × v.
 */
export function trueNodeLongitude(time: AstroTime): number {
  const s = RotateState(Rotation_EQJ_ECT(time), GeoMoonState(time));
  const hx = s.y * s.vz - s.z * s.vy;
  const hy = s.z * s.vx - s.x * s.vz;
  return norm360(Math.atan2(hx, -hy) / DEG);
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
  /** Inside a polar circle, where some ecliptic degrees never rise and the Ascendant can sit west of the MC. */
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
  const asc = Math.atan2(Math.cos(t), -(Math.sin(t) * Math.cos(e) + Math.tan(phi * DEG) * Math.sin(e))) / DEG;
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

export function allLongitudes(time: AstroTime, node: 'true' | 'mean' = 'true'): Longitudes {
  const northNode = node === 'true' ? trueNodeLongitude(time) : meanNodeLongitude(time);
  const result = {
    sun: sunLongitude(time),
    moon: moonLongitude(time),
    northNode,
    southNode: norm360(northNode + 180),
  } as Longitudes;
  for (const p of PLANETS) result[p] = planetLongitude(p, time);
  return result;
}

/**
 * The instant (before `birth`) when the apparent Sun stood `arc` degrees of longitude before its birth
 * position: Newton's method on λ☉(t) − target, with the Sun's local rate measured numerically.
 */
export function solveSunArcBefore(birth: AstroTime, arc: number): AstroTime {
  const target = norm360(sunLongitude(birth) - arc);
  // The Sun moves ~0.9856°/day on average (0.95–1.02 over the year), so this starts within ~2 days.
  let t = birth.AddDays(-arc / 0.9856);
  for (let i = 0; i < 12; i++) {
    const lon = sunLongitude(t);
    const err = norm180(lon - target);
    if (Math.abs(err) < 1e-9) break;
    const rate = norm180(sunLongitude(t.AddDays(0.01)) - lon) / 0.01;
    t = t.AddDays(-err / rate);
  }
  return t;
}
