// Civil time → the two time scales an ephemeris needs: TT (planets, Moon) and UT1 (the Earth's rotation,
// hence sidereal time, the Ascendant and the Midheaven).
import { deltaT } from 'astronomia/deltat';
import deltatTables from 'astronomia/data/deltat';
import { AstroTime } from 'astronomy-engine';

/** TAI − UTC from 1972 (IERS Bulletin C): [first day in force (UTC), seconds]. None announced after 2017. */
const LEAP_SECONDS: [number, number][] = [
  ['1972-01-01', 10],
  ['1972-07-01', 11],
  ['1973-01-01', 12],
  ['1974-01-01', 13],
  ['1975-01-01', 14],
  ['1976-01-01', 15],
  ['1977-01-01', 16],
  ['1978-01-01', 17],
  ['1979-01-01', 18],
  ['1980-01-01', 19],
  ['1981-07-01', 20],
  ['1982-07-01', 21],
  ['1983-07-01', 22],
  ['1985-07-01', 23],
  ['1988-01-01', 24],
  ['1990-01-01', 25],
  ['1991-01-01', 26],
  ['1992-07-01', 27],
  ['1993-07-01', 28],
  ['1994-07-01', 29],
  ['1996-01-01', 30],
  ['1997-07-01', 31],
  ['1999-01-01', 32],
  ['2006-01-01', 33],
  ['2009-01-01', 34],
  ['2012-07-01', 35],
  ['2015-07-01', 36],
  ['2017-01-01', 37],
].map(([day, s]) => [Date.parse(`${day as string}T00:00:00Z`), s as number]);

const UTC_START = LEAP_SECONDS[0]![0];
const J2000_MS = Date.UTC(2000, 0, 1, 12);
const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;
/** TT − TAI, seconds. */
const TT_MINUS_TAI = 32.184;

/** The last month of observed ΔT that astronomia ships (its later values are a prediction). */
const OBSERVED_UNTIL = (deltatTables as { data: { last: number } }).data.last - 0.25;

function decimalYear(ms: number): number {
  return 2000 + (ms - J2000_MS) / YEAR_MS;
}

function taiMinusUtc(ms: number): number {
  let s = LEAP_SECONDS[0]![1];
  for (const [from, value] of LEAP_SECONDS) if (ms >= from) s = value;
  return s;
}

/**
 * UT1 − UTC in seconds. From 1972, UTC has leap seconds and stays within 0.9 s of UT1, and the difference
 * follows from the observed ΔT (TT − UT1, IERS/USNO, monthly, shipped by astronomia). After the last
 * observed month it is held at that month's value (its predicted drift is under 0.1 s a year). Before 1972
 * clocks kept Universal Time itself (GMT, then UTC steered to UT2 from 1961): 0.
 */
export function ut1MinusUtc(utc: Date): number {
  const ms = utc.getTime();
  if (ms < UTC_START) return 0;
  const year = Math.min(decimalYear(ms), OBSERVED_UNTIL);
  const dut1 = TT_MINUS_TAI + taiMinusUtc(ms) - deltaT(year);
  return Math.max(-0.9, Math.min(0.9, dut1));
}

/** TT − UTC in seconds (exact from 1972; before, ΔT = TT − UT1 from the observed yearly table). */
export function ttMinusUtc(utc: Date): number {
  const ms = utc.getTime();
  return ms < UTC_START ? deltaT(decimalYear(ms)) : TT_MINUS_TAI + taiMinusUtc(ms);
}

/**
 * An astronomy-engine time whose `ut` is UT1 and whose `tt` is TT for a civil (UTC) instant; the engine's
 * own clock would take the UTC reading as UT1 and add its ΔT model (Espenak–Meeus polynomials).
 */
export function timeFromUtc(utc: Date): AstroTime {
  const ut1 = (utc.getTime() - J2000_MS) / DAY_MS + ut1MinusUtc(utc) / 86_400;
  const time = new AstroTime(ut1);
  time.tt = (utc.getTime() - J2000_MS) / DAY_MS + ttMinusUtc(utc) / 86_400;
  return time;
}

/** `time` moved by `days`, keeping its TT − UT1 (which changes by well under a second over 88 days). */
export function addDays(time: AstroTime, days: number): AstroTime {
  const moved = new AstroTime(time.ut + days);
  moved.tt = time.tt + days;
  return moved;
}
