// Apparent geocentric longitudes good to well under 3″ from 1900 to 2100: the full VSOP87 (Bretagnon &
// Francou 1988) planetary series and the ELP/MPP02 lunar series fitted to DE405 (Chapront & Francou 2003),
// both as shipped by astronomia (MIT), truncated here to the terms that matter over 1900–2100; Pluto from
// our own integration of its orbit (pluto-orbit.ts, shipped as Chebyshev series). Precession and nutation
// come from astronomy-engine.
import earth from 'astronomia/data/vsop87Bearth';
import jupiter from 'astronomia/data/vsop87Bjupiter';
import mars from 'astronomia/data/vsop87Bmars';
import mercury from 'astronomia/data/vsop87Bmercury';
import neptune from 'astronomia/data/vsop87Bneptune';
import saturn from 'astronomia/data/vsop87Bsaturn';
import uranus from 'astronomia/data/vsop87Buranus';
import venus from 'astronomia/data/vsop87Bvenus';
import elpMppDe from 'astronomia/data/elpMppDe';
import { CombineRotation, Rotation_EQJ_ECT, type AstroTime, type RotationMatrix } from 'astronomy-engine';
import { plutoHeliocentric } from './pluto.ts';

type VsopTerms = Record<string, number[][]>;
interface VsopData {
  L: VsopTerms;
  B: VsopTerms;
  R: VsopTerms;
}
interface ElpData {
  W1: number[];
  L: VsopTerms;
  B: VsopTerms;
  R: VsopTerms;
}

/** One coordinate's series: for each power of time, packed [amplitude, phase, frequency, …] triples. */
type Series = Float64Array[];

/** The years the truncation is chosen for: |t| ≤ 0.1 Julian millennia (1900–2100) from J2000. */
const SPAN_MILLENNIA = 0.1;

/**
 * Keeps the terms whose largest contribution over 1900–2100 reaches `minRadians` (R terms are compared as
 * an angle, divided by the mean distance). Dropping the rest costs well under 0.5″ (measured against the
 * Swiss Ephemeris in ephemeris.test.ts) and makes each evaluation 3–10 times cheaper.
 */
function vsopSeries(terms: VsopTerms, minRadians: number, scale: number): Series {
  return Object.keys(terms)
    .sort()
    .map((power) => {
      const factor = SPAN_MILLENNIA ** Number(power) / scale;
      const kept = terms[power]!.filter((row) => Math.abs(row[0]!) * factor >= minRadians);
      return Float64Array.from(kept.flat());
    });
}

function evalSeries(series: Series, t: number): number {
  let total = 0;
  let tp = 1;
  for (const packed of series) {
    let sum = 0;
    for (let i = 0; i < packed.length; i += 3)
      sum += packed[i]! * Math.cos(packed[i + 1]! + packed[i + 2]! * t);
    total += sum * tp;
    tp *= t;
  }
  return total;
}

interface Vsop {
  L: Series;
  B: Series;
  R: Series;
}

function vsop(data: VsopData, meanDistance: number, minRadians: number): Vsop {
  return {
    L: vsopSeries(data.L, minRadians, 1),
    B: vsopSeries(data.B, minRadians, 1),
    R: vsopSeries(data.R, minRadians, meanDistance),
  };
}

export type Vec = [number, number, number];

/** Heliocentric rectangular coordinates (AU) in the VSOP87 ecliptic and equinox of J2000. */
function vsopXyz(v: Vsop, t: number): Vec {
  const l = evalSeries(v.L, t);
  const b = evalSeries(v.B, t);
  const r = evalSeries(v.R, t);
  const rcb = r * Math.cos(b);
  return [rcb * Math.cos(l), rcb * Math.sin(l), r * Math.sin(b)];
}

/** Heliocentric position (AU, VSOP87 ecliptic and equinox of J2000) at `t` Julian millennia (TT) from J2000. */
export function heliocentricPlanet(planet: VsopPlanet, t: number): Vec {
  return vsopXyz(PLANETS_FINE[planet], t);
}

export type VsopPlanet = 'mercury' | 'venus' | 'mars' | 'jupiter' | 'saturn' | 'uranus' | 'neptune';

/**
 * Truncation (radians, largest effect over 1900–2100) per body, for the position and, coarser, for the
 * light time only. Errors in a heliocentric position are magnified at most ~4× (Mars at opposition, Venus
 * at inferior conjunction) in the geocentric one, ~1.2× for Jupiter and beyond, hence the finer inner ones.
 */
const COARSE = 3e-6;
const PLANET_DATA: Record<VsopPlanet, [VsopData, number, number]> = {
  mercury: [mercury as VsopData, 0.387, 1e-7],
  venus: [venus as VsopData, 0.723, 1e-7],
  mars: [mars as VsopData, 1.524, 1e-7],
  jupiter: [jupiter as VsopData, 5.203, 2e-7],
  saturn: [saturn as VsopData, 9.537, 2e-7],
  uranus: [uranus as VsopData, 19.19, 2e-7],
  neptune: [neptune as VsopData, 30.07, 2e-7],
};
const PLANETS_FINE = Object.fromEntries(
  Object.entries(PLANET_DATA).map(([k, [d, a, fine]]) => [k, vsop(d, a, fine)]),
) as Record<VsopPlanet, Vsop>;
const PLANETS_COARSE = Object.fromEntries(
  Object.entries(PLANET_DATA).map(([k, [d, a]]) => [k, vsop(d, a, COARSE)]),
) as Record<VsopPlanet, Vsop>;
// The Earth's errors enter every planet magnified by 1/distance (×4 for Venus at inferior conjunction).
const EARTH_FINE = vsop(earth as VsopData, 1, 2e-8);
// Good to ~1″ and 1e-5 of the velocity: enough for the aberration term and for a first search of the Sun.
const EARTH_COARSE = vsop(earth as VsopData, 1, 1e-6);

/** Light travel time for 1 AU, in days (IAU 2012: 149 597 870 700 m at 299 792 458 m/s). */
const LIGHT_DAYS_PER_AU = 149_597_870_700 / 299_792_458 / 86_400;
const DAYS_PER_MILLENNIUM = 365_250;

/**
 * VSOP87 J2000 ecliptic → FK5 J2000 equator (Meeus, Astronomical Algorithms 2nd ed., p. 174), composed with
 * astronomy-engine's precession and nutation (J2000 equator → true ecliptic and equinox of date).
 */
export const VSOP_TO_EQJ: RotationMatrix = {
  rot: [
    [1, -0.000000479966, 0],
    [0.00000044036, 0.917482137087, 0.397776982902],
    [-0.000000190919, -0.397776982902, 0.917482137087],
  ],
};

function apply(m: number[][], v: Vec): Vec {
  return [
    m[0]![0]! * v[0] + m[1]![0]! * v[1] + m[2]![0]! * v[2],
    m[0]![1]! * v[0] + m[1]![1]! * v[1] + m[2]![1]! * v[2],
    m[0]![2]! * v[0] + m[1]![2]! * v[1] + m[2]![2]! * v[2],
  ];
}

function longitudeOf(v: Vec): number {
  const deg = (Math.atan2(v[1], v[0]) * 180) / Math.PI;
  return deg < 0 ? deg + 360 : deg;
}

/**
 * The state shared by every body at one instant: the Earth's heliocentric position and velocity and the
 * rotation to the true ecliptic of date.
 */
export interface Frame {
  time: AstroTime;
  /** Julian millennia (TT) from J2000. */
  t: number;
  earth: Vec;
  /** AU per day, heliocentric. */
  earthVelocity: Vec;
  toDate: number[][];
}

export function frameAt(time: AstroTime): Frame {
  const t = time.tt / DAYS_PER_MILLENNIUM;
  const h = 0.25 / DAYS_PER_MILLENNIUM;
  const ahead = vsopXyz(EARTH_COARSE, t + h);
  const behind = vsopXyz(EARTH_COARSE, t - h);
  return {
    time,
    t,
    earth: vsopXyz(EARTH_FINE, t),
    earthVelocity: [(ahead[0] - behind[0]) * 2, (ahead[1] - behind[1]) * 2, (ahead[2] - behind[2]) * 2],
    toDate: CombineRotation(VSOP_TO_EQJ, Rotation_EQJ_ECT(time)).rot,
  };
}

/**
 * The frame moved to a nearby instant (minutes to a few days away) re-evaluating only the Earth's position:
 * the rotation and the Earth's velocity are kept (over 5 minutes they change by under 0.001″). Used while
 * solving for the design moment, where only the Sun is needed until the last step.
 */
export function shiftFrame(f: Frame, time: AstroTime, coarse = false): Frame {
  const t = time.tt / DAYS_PER_MILLENNIUM;
  return { ...f, time, t, earth: vsopXyz(coarse ? EARTH_COARSE : EARTH_FINE, t) };
}

/** The Earth's heliocentric position `days` earlier, from its position and velocity (days ≤ ~0.2). */
function earthBefore(f: Frame, days: number): Vec {
  // Second-order term: the Sun's pull, −k²·E/|E|³ (k = Gaussian gravitational constant).
  const r = Math.hypot(f.earth[0], f.earth[1], f.earth[2]);
  const g = (-0.0002959122082855911 / (r * r * r)) * 0.5 * days * days;
  return [
    f.earth[0] - f.earthVelocity[0] * days + g * f.earth[0],
    f.earth[1] - f.earthVelocity[1] * days + g * f.earth[1],
    f.earth[2] - f.earthVelocity[2] * days + g * f.earth[2],
  ];
}

/**
 * Apparent geocentric longitude = direction of P(t − τ) − E(t − τ), heliocentric: light time and annual
 * aberration together, to first order in v/c (the Sun's own motion cancels between the two).
 */
function apparent(f: Frame, planetBefore: (days: number) => Vec, distanceGuess: number): number {
  const tau = distanceGuess * LIGHT_DAYS_PER_AU;
  const p = planetBefore(tau);
  const e = earthBefore(f, tau);
  return longitudeOf(apply(f.toDate, [p[0] - e[0], p[1] - e[1], p[2] - e[2]]));
}

export function apparentSun(f: Frame): number {
  const r = Math.hypot(f.earth[0], f.earth[1], f.earth[2]);
  return apparent(f, () => [0, 0, 0], r);
}

export function apparentPlanet(f: Frame, planet: VsopPlanet): number {
  const coarse = vsopXyz(PLANETS_COARSE[planet], f.t);
  const distance = Math.hypot(coarse[0] - f.earth[0], coarse[1] - f.earth[1], coarse[2] - f.earth[2]);
  const fine = PLANETS_FINE[planet];
  return apparent(f, (days) => vsopXyz(fine, f.t - days / DAYS_PER_MILLENNIUM), distance);
}

/**
 * Pluto: its orbit integrated numerically under the Sun and the four giants, fitted to Meeus ch. 37 over
 * 1914–1981 and to TOP2013's J2000 position, shipped as Chebyshev series (pluto.ts); heliocentric in the
 * J2000 ecliptic like VSOP87, with the same light time and aberration as the planets. Within 0.9″ of DE431
 * from 1900 to 2100 (README).
 */
export function apparentPluto(f: Frame): number {
  const at = (days: number): Vec => plutoHeliocentric(f.time.tt - days);
  const p = at(0);
  const distance = Math.hypot(p[0] - f.earth[0], p[1] - f.earth[1], p[2] - f.earth[2]);
  return apparent(f, at, distance);
}

// ELP/MPP02: longitude and latitude terms in arc-seconds, distance terms in km, time in Julian centuries.
const ARCSEC = Math.PI / 180 / 3600;
const MOON_MIN_ARCSEC = 0.03;
interface ElpSeries {
  /** Per power of T: packed [amplitude, φ0, φ1, φ2, φ3, φ4, …]. */
  L: Float64Array[];
  B: Float64Array[];
  R: Float64Array[];
  W1: number[];
}
function elpSeries(terms: VsopTerms, minAmplitude: number): Float64Array[] {
  return Object.keys(terms)
    .sort()
    .map((power) =>
      Float64Array.from(terms[power]!.filter((row) => Math.abs(row[0]!) >= minAmplitude).flat()),
    );
}
const MOON: ElpSeries = {
  W1: (elpMppDe as ElpData).W1,
  L: elpSeries((elpMppDe as ElpData).L, MOON_MIN_ARCSEC),
  B: elpSeries((elpMppDe as ElpData).B, MOON_MIN_ARCSEC),
  // 1 km at the Moon's distance is 0.54″.
  R: elpSeries((elpMppDe as ElpData).R, MOON_MIN_ARCSEC / 0.54),
};
/**
 * The velocity (for the osculating node) needs the terms by their share of the velocity, A·φ1, not by A:
 * the node magnifies a direction error of the velocity ~11× (1 / sin 5.1°).
 */
const MOON_MEAN_MOTION = 8399.685; // rad per Julian century
const MOON_RATE_MIN_ARCSEC = 0.01;
/**
 * The node hangs on the Moon's height above the ecliptic and its rate: an error δβ in latitude moves it by
 * about δβ / sin 5.1° (×11). At the 0.03″ cut of the longitude the dropped latitude terms put the node up
 * to 5″ off the Swiss Ephemeris; at 0.002″ (≈450 terms instead of ≈170, position and rate) it stays
 * within 1.5″ (ephemeris.test.ts). Only the node pays for them: the longitude uses the coarser series.
 */
const MOON_NODE_LATITUDE_MIN_ARCSEC = 0.002;
const MOON_NODE_LATITUDE = elpSeries((elpMppDe as ElpData).B, MOON_NODE_LATITUDE_MIN_ARCSEC);
function elpRateSeries(terms: VsopTerms, minAmplitude: number): Float64Array[] {
  return Object.keys(terms)
    .sort()
    .map((power) =>
      Float64Array.from(
        terms[power]!.filter(
          (row) =>
            (Math.abs(row[0]!) * Math.max(Math.abs(row[2]!), Number(power))) / MOON_MEAN_MOTION >=
            minAmplitude,
        ).flat(),
      ),
    );
}
const MOON_RATE: ElpSeries = {
  W1: MOON.W1,
  L: elpRateSeries((elpMppDe as ElpData).L, MOON_RATE_MIN_ARCSEC),
  B: elpRateSeries((elpMppDe as ElpData).B, MOON_NODE_LATITUDE_MIN_ARCSEC),
  R: elpRateSeries((elpMppDe as ElpData).R, MOON_RATE_MIN_ARCSEC / 0.54),
};

/** Σ A·sin(φ(T)) over the powers of T. */
function elpSum(series: Float64Array[], T: number): number {
  let total = 0;
  let tp = 1;
  for (const packed of series) {
    let sum = 0;
    for (let i = 0; i < packed.length; i += 6) {
      const phase =
        packed[i + 1]! +
        T * (packed[i + 2]! + T * (packed[i + 3]! + T * (packed[i + 4]! + T * packed[i + 5]!)));
      sum += packed[i]! * Math.sin(phase);
    }
    total += sum * tp;
    tp *= T;
  }
  return total;
}

/** d/dT of Σ A·sin(φ(T))·T^k. */
function elpRate(series: Float64Array[], T: number): number {
  let rate = 0;
  let tp = 1;
  let dtp = 0;
  for (let k = 0; k < series.length; k++) {
    const packed = series[k]!;
    let sum = 0;
    let dsum = 0;
    for (let i = 0; i < packed.length; i += 6) {
      const f1 = packed[i + 2]!;
      const f2 = packed[i + 3]!;
      const f3 = packed[i + 4]!;
      const f4 = packed[i + 5]!;
      const phase = packed[i + 1]! + T * (f1 + T * (f2 + T * (f3 + T * f4)));
      const a = packed[i]!;
      dsum += a * Math.cos(phase) * (f1 + T * (2 * f2 + T * (3 * f3 + 4 * T * f4)));
      if (k > 0) sum += a * Math.sin(phase);
    }
    rate += dsum * tp + sum * dtp;
    dtp = (k + 1) * tp;
    tp *= T;
  }
  return rate;
}

/**
 * Geocentric Moon position (km) and velocity (km per Julian century) in the inertial ecliptic and equinox of
 * J2000 (ELP/MPP02 with Laskar's P, Q precession; their slow change is left out of the velocity).
 */
function moonState(T: number, withVelocity: boolean): [Vec, Vec] {
  const w = MOON.W1;
  const sl = elpSum(MOON.L, T);
  const sb = elpSum(withVelocity ? MOON_NODE_LATITUDE : MOON.B, T);
  const R = elpSum(MOON.R, T);
  const dsl = withVelocity ? elpRate(MOON_RATE.L, T) : 0;
  const dsb = withVelocity ? elpRate(MOON_RATE.B, T) : 0;
  const dR = withVelocity ? elpRate(MOON_RATE.R, T) : 0;
  const L = w[0]! + T * (w[1]! + T * (w[2]! + T * (w[3]! + T * w[4]!))) + sl * ARCSEC;
  const dL = w[1]! + T * (2 * w[2]! + T * (3 * w[3]! + 4 * T * w[4]!)) + dsl * ARCSEC;
  const B = sb * ARCSEC;
  const dB = dsb * ARCSEC;
  const cl = Math.cos(L);
  const sL = Math.sin(L);
  const cb = Math.cos(B);
  const sB = Math.sin(B);
  const pos: Vec = [R * cl * cb, R * sL * cb, R * sB];
  const vel: Vec = [
    dR * cl * cb - R * sL * cb * dL - R * cl * sB * dB,
    dR * sL * cb + R * cl * cb * dL - R * sL * sB * dB,
    dR * sB + R * cb * dB,
  ];
  const P =
    T * (0.10180391e-4 + T * (0.47020439e-6 + T * (-0.5417367e-9 + T * (-0.2507948e-11 + T * 0.463486e-14))));
  const Q =
    T *
    (-0.113469002e-3 + T * (0.12372674e-6 + T * (0.1265417e-8 + T * (-0.1371808e-11 + T * -0.320334e-14))));
  const sq = Math.sqrt(1 - P * P - Q * Q);
  const rot = (v: Vec): Vec => [
    (1 - 2 * P * P) * v[0] + 2 * P * Q * v[1] + 2 * P * sq * v[2],
    2 * P * Q * v[0] + (1 - 2 * Q * Q) * v[1] - 2 * Q * sq * v[2],
    -2 * P * sq * v[0] + 2 * Q * sq * v[1] + (1 - 2 * P * P - 2 * Q * Q) * v[2],
  ];
  return [rot(pos), rot(vel)];
}

/** Light time from the Moon at its mean distance (385 000 km; ±0.08 s over the orbit, under 0.05″). */
const MOON_LIGHT_CENTURIES = 385_000 / 299_792.458 / 86_400 / 36_525;

export interface MoonPosition {
  /** Apparent longitude, true ecliptic and equinox of date. */
  longitude: number;
  /** Ascending node of the osculating orbit (position × velocity) on the true ecliptic of date. */
  trueNode: number;
}

/**
 * Apparent Moon: its geocentric position one light time earlier (~1.3 s). For a geocentric body the annual
 * aberration cancels the Earth's share of the light time, leaving only the Moon's own motion over τ.
 */
export function apparentMoon(f: Frame, withNode = true): MoonPosition {
  const [pos, vel] = moonState(f.t * 10 - MOON_LIGHT_CENTURIES, withNode);
  const r = apply(f.toDate, pos);
  const v = apply(f.toDate, vel);
  // The line of nodes points along ẑ × h, with h = r × v.
  const hx = r[1] * v[2] - r[2] * v[1];
  const hy = r[2] * v[0] - r[0] * v[2];
  return { longitude: longitudeOf(r), trueNode: longitudeOf([-hy, hx, 0]) };
}
