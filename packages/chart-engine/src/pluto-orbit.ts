// Pluto's heliocentric orbit by numerical integration, and its Chebyshev representation. Used at build time
// only (scripts/generate-pluto-chebyshev.ts writes src/pluto-chebyshev.ts) and by the test that checks the
// shipped coefficients; the chart engine itself only evaluates the coefficients (pluto.ts).
//
// Pluto's mass is negligible, so its heliocentric motion is that of a test particle pulled by the Sun (with
// the inner planets' masses added: seen from 30–50 AU they act as part of the Sun) and by Jupiter, Saturn,
// Uranus and Neptune, whose positions come from the same VSOP87 series as their chart positions. In
// heliocentric coordinates each giant also contributes the "indirect" term, its pull on the Sun.
import { AstroTime, Body, HelioVector } from 'astronomy-engine';
import { heliocentricPlanet, VSOP_TO_EQJ, type Vec, type VsopPlanet } from './ephemeris.ts';
import { meeusPlutoHeliocentric } from './pluto-meeus.ts';

/** k², the Gaussian gravitational constant squared: GM of the Sun in AU³/day². */
const K2 = 0.0002959122082855911;
/** Sun / planet mass ratios, planets with their satellites (IAU 2009 / DE405). */
const GIANTS: [VsopPlanet, number][] = [
  ['jupiter', K2 / 1047.3486],
  ['saturn', K2 / 3497.898],
  ['uranus', K2 / 22902.98],
  ['neptune', K2 / 19412.24],
];
const INNER_PLANETS_MASS = 1 / 6023600 + 1 / 408523.71 + 1 / 328900.56 + 1 / 3098708;
const GM_SUN = K2 * (1 + INNER_PLANETS_MASS);
const DAYS_PER_MILLENNIUM = 365_250;

/** Fixed integration step, days (RK4; halving it changes positions by under 1e-9 AU over 1880–2120). */
export const STEP_DAYS = 2;

/** Positions of the four giants every half step, computed once and shared by every integration. */
export class GiantTable {
  readonly positions: Float64Array;
  constructor(
    readonly from: number,
    readonly to: number,
  ) {
    const n = Math.round((to - from) / (STEP_DAYS / 2)) + 1;
    this.positions = new Float64Array(n * 12);
    for (let i = 0; i < n; i++) {
      const t = (from + (i * STEP_DAYS) / 2) / DAYS_PER_MILLENNIUM;
      GIANTS.forEach(([planet], g) => this.positions.set(heliocentricPlanet(planet, t), i * 12 + g * 3));
    }
  }
}

/** Heliocentric acceleration at `r` (AU) with the giants at half-step index `i` of the table. */
function acceleration(table: GiantTable, i: number, r: Vec): Vec {
  const [x, y, z] = r;
  const r3 = Math.hypot(x, y, z) ** 3;
  let ax = (-GM_SUN * x) / r3;
  let ay = (-GM_SUN * y) / r3;
  let az = (-GM_SUN * z) / r3;
  const p = table.positions;
  for (let g = 0; g < GIANTS.length; g++) {
    const gm = GIANTS[g]![1];
    const o = i * 12 + g * 3;
    const gx = p[o]!;
    const gy = p[o + 1]!;
    const gz = p[o + 2]!;
    const dx = gx - x;
    const dy = gy - y;
    const dz = gz - z;
    const d3 = Math.hypot(dx, dy, dz) ** 3;
    const g3 = Math.hypot(gx, gy, gz) ** 3;
    ax += gm * (dx / d3 - gx / g3);
    ay += gm * (dy / d3 - gy / g3);
    az += gm * (dz / d3 - gz / g3);
  }
  return [ax, ay, az];
}

/** State at J2000 (TT): position (AU) and velocity (AU/day), VSOP87 ecliptic and equinox of J2000. */
export type State = [number, number, number, number, number, number];

export interface Orbit {
  /** TT days from J2000 of the first position. */
  from: number;
  /** Positions every STEP_DAYS, packed x, y, z. */
  positions: Float64Array;
}

/**
 * Integrates from the J2000 state forwards to `to` and backwards to `from` (TT days from J2000, multiples
 * of STEP_DAYS) with the classical 4th-order Runge–Kutta method written for x'' = a(x).
 */
export function integrate(state: State, table: GiantTable): Orbit {
  const { from, to } = table;
  const steps = Math.round((to - from) / STEP_DAYS);
  const positions = new Float64Array((steps + 1) * 3);
  const start = Math.round(-from / STEP_DAYS);
  for (const dir of [1, -1]) {
    const h = STEP_DAYS * dir;
    let r: Vec = [state[0], state[1], state[2]];
    let v: Vec = [state[3], state[4], state[5]];
    positions.set(r, start * 3);
    for (let s = start; dir > 0 ? s < steps : s > 0; s += dir) {
      const half = 2 * s;
      const k1 = acceleration(table, half, r);
      const k2 = acceleration(table, half + dir, [
        r[0] + (h / 2) * v[0],
        r[1] + (h / 2) * v[1],
        r[2] + (h / 2) * v[2],
      ]);
      const k3 = acceleration(table, half + dir, [
        r[0] + (h / 2) * v[0] + ((h * h) / 4) * k1[0],
        r[1] + (h / 2) * v[1] + ((h * h) / 4) * k1[1],
        r[2] + (h / 2) * v[2] + ((h * h) / 4) * k1[2],
      ]);
      const k4 = acceleration(table, half + 2 * dir, [
        r[0] + h * v[0] + ((h * h) / 2) * k2[0],
        r[1] + h * v[1] + ((h * h) / 2) * k2[1],
        r[2] + h * v[2] + ((h * h) / 2) * k2[2],
      ]);
      r = [0, 1, 2].map((j) => r[j]! + h * v[j]! + ((h * h) / 6) * (k1[j]! + k2[j]! + k3[j]!)) as Vec;
      v = [0, 1, 2].map((j) => v[j]! + (h / 6) * (k1[j]! + 2 * k2[j]! + 2 * k3[j]! + k4[j]!)) as Vec;
      positions.set(r, (s + dir) * 3);
    }
  }
  return { from, positions };
}

export function positionAt(orbit: Orbit, tt: number): Vec {
  const i = Math.round((tt - orbit.from) / STEP_DAYS);
  if (Math.abs(orbit.from + i * STEP_DAYS - tt) > 1e-9) throw new Error(`${tt} is not on the step grid`);
  const p = orbit.positions;
  return [p[i * 3]!, p[i * 3 + 1]!, p[i * 3 + 2]!];
}

function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** A position the orbit should pass through, with its weight in the least-squares fit. */
export interface FitTarget {
  tt: number;
  position: Vec;
  weight: number;
}

/**
 * The J2000 state whose orbit is closest (weighted least squares over all three coordinates) to the
 * targets (TT days on the step grid): Gauss–Newton with a finite-difference Jacobian from `start`. The
 * problem is nearly linear: two rounds converge. Returns the state and the distance (AU) to each target.
 */
export function fitInitialState(
  table: GiantTable,
  targets: FitTarget[],
  start: State,
  rounds = 3,
): { state: State; distances: number[] } {
  const residuals = (s: State): number[] => {
    const orbit = integrate(s, table);
    return targets.flatMap(({ tt, position, weight }) => {
      const p = positionAt(orbit, tt);
      return [0, 1, 2].map((j) => (p[j]! - position[j]!) * weight);
    });
  };
  let state = start;
  let res = residuals(state);
  for (let round = 0; round < rounds; round++) {
    const jacobian = state.map((_, k) => {
      const delta = k < 3 ? 1e-5 : 1e-9;
      const s = [...state] as State;
      s[k]! += delta;
      return residuals(s).map((v, i) => (v - res[i]!) / delta);
    });
    const normal = jacobian.map((a) => jacobian.map((b) => a.reduce((sum, v, i) => sum + v * b[i]!, 0)));
    const rhs = jacobian.map((a) => -a.reduce((sum, v, i) => sum + v * res[i]!, 0));
    const step = solve(normal, rhs);
    state = state.map((v, k) => v + step[k]!) as State;
    res = residuals(state);
  }
  const distances = targets.map(
    ({ weight }, k) => Math.hypot(res[3 * k]!, res[3 * k + 1]!, res[3 * k + 2]!) / weight,
  );
  return { state, distances };
}

/**
 * Chebyshev coefficients of each coordinate on consecutive segments of `segmentDays`, fitted by least
 * squares to every integrated position in the segment (hundreds of points per coefficient set).
 */
export function chebyshevFit(
  orbit: Orbit,
  from: number,
  segments: number,
  segmentDays: number,
  degree: number,
) {
  const coefficients: number[] = [];
  for (let s = 0; s < segments; s++) {
    const a = from + s * segmentDays;
    const times: number[] = [];
    for (let tt = a; tt <= a + segmentDays + 1e-9; tt += STEP_DAYS) times.push(tt);
    const basis = times.map((tt) => chebyshevBasis((2 * (tt - a)) / segmentDays - 1, degree));
    const normal = Array.from({ length: degree + 1 }, (_, i) =>
      Array.from({ length: degree + 1 }, (_, j) => basis.reduce((sum, b) => sum + b[i]! * b[j]!, 0)),
    );
    for (let c = 0; c < 3; c++) {
      const rhs = Array.from({ length: degree + 1 }, (_, i) =>
        basis.reduce((sum, b, k) => sum + b[i]! * positionAt(orbit, times[k]!)[c]!, 0),
      );
      coefficients.push(...solve(normal, rhs));
    }
  }
  return coefficients;
}

function chebyshevBasis(x: number, degree: number): number[] {
  const t = [1, x];
  for (let n = 2; n <= degree; n++) t.push(2 * x * t[n - 1]! - t[n - 2]!);
  return t.slice(0, degree + 1);
}

/**
 * The span integrated and represented (TT days from J2000: 1880.0–2120.0), in 15 segments of 16 years with
 * degree 18 (855 coefficients, within 2e-7 AU = 0.001″ of the integration), and the fit's sources:
 * - Meeus ch. 37 (DE200, 1981) from 1914.0 to 1981.0, a sample every 20 days: the years of the observations
 *   DE200's Pluto was fitted to (pre-discovery plates from 1914 on). After them DE200 extrapolates, and
 *   drifts from later ephemerides (3.6″ from DE431 by 2100, which no orbit fitted to Meeus can avoid:
 *   Meeus' terms are a physical orbit to 2e-6 AU over 1885–2099).
 * - TOP2013's position at J2000 (Simon et al. 2013, fitted to INPOP10a and its observations to about 2010),
 *   from astronomy-engine's table, weighted to act as a constraint (as much as all the Meeus samples × 100).
 *   TOP2013's own velocity there is not used: its orbit drifts too (8″ from DE431 by 2100).
 */
export const PLUTO_ORBIT_SETTINGS = {
  from: -43_830,
  to: 43_830,
  segmentDays: 5844,
  degree: 18,
  meeusFrom: -31_412,
  meeusTo: -6940,
  meeusEvery: 20,
  anchorWeight: 100,
};

/** TOP2013's heliocentric Pluto at J2000 (astronomy-engine: equator of J2000) in the VSOP87 ecliptic. */
export function top2013AtJ2000(): Vec {
  const v = HelioVector(Body.Pluto, AstroTime.FromTerrestrialTime(0));
  const m = VSOP_TO_EQJ.rot;
  // VSOP_TO_EQJ maps ecliptic to equator; its transpose maps back.
  return [0, 1, 2].map((k) => m[k]![0]! * v.x + m[k]![1]! * v.y + m[k]![2]! * v.z) as Vec;
}

/** The fitted orbit, its Chebyshev coefficients and their largest error on the step grid. */
export function plutoCoefficients() {
  const s = PLUTO_ORBIT_SETTINGS;
  const table = new GiantTable(s.from, s.to);
  const targets: FitTarget[] = [];
  for (let tt = s.meeusFrom; tt <= s.meeusTo; tt += s.meeusEvery)
    targets.push({ tt, position: meeusPlutoHeliocentric(tt), weight: 1 });
  const anchor = top2013AtJ2000();
  targets.push({ tt: 0, position: anchor, weight: s.anchorWeight * Math.sqrt(targets.length) });
  // Start from Meeus' position and velocity at J2000.
  const d = 50;
  const [pa, pb] = [meeusPlutoHeliocentric(d), meeusPlutoHeliocentric(-d)];
  const start = [...meeusPlutoHeliocentric(0), ...[0, 1, 2].map((j) => (pa[j]! - pb[j]!) / (2 * d))] as State;
  const fit = fitInitialState(table, targets, start);
  const orbit = integrate(fit.state, table);
  const segments = Math.round((s.to - s.from) / s.segmentDays);
  const coefficients = chebyshevFit(orbit, s.from, segments, s.segmentDays, s.degree);
  let chebyshevError = 0;
  for (let tt = s.from; tt <= s.to; tt += STEP_DAYS) {
    const p = positionAt(orbit, tt);
    const c = evaluateChebyshev(coefficients, s.from, s.segmentDays, s.degree, tt);
    chebyshevError = Math.max(chebyshevError, Math.hypot(p[0] - c[0], p[1] - c[1], p[2] - c[2]));
  }
  const meeus = fit.distances.slice(0, -1);
  return {
    state: fit.state,
    meeusRms: Math.sqrt(meeus.reduce((sum, v) => sum + v * v, 0) / meeus.length),
    meeusMax: Math.max(...meeus),
    anchorDistance: fit.distances.at(-1)!,
    orbit,
    coefficients,
    chebyshevError,
  };
}

export function evaluateChebyshev(
  c: number[],
  from: number,
  segmentDays: number,
  degree: number,
  tt: number,
): Vec {
  const segments = c.length / (3 * (degree + 1));
  const s = Math.max(0, Math.min(segments - 1, Math.floor((tt - from) / segmentDays)));
  const x = (2 * (tt - from - s * segmentDays)) / segmentDays - 1;
  const basis = chebyshevBasis(x, degree);
  const o = s * 3 * (degree + 1);
  return [0, 1, 2].map((k) => basis.reduce((sum, b, i) => sum + b * c[o + k * (degree + 1) + i]!, 0)) as Vec;
}
