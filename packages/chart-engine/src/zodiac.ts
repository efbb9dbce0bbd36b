// Zodiac signs, the spec's fixed sun-sign date table and degree/minute formatting.

import { ZODIAC_SIGNS } from '@mer/contracts';

/** Zodiac order from Aries; the list itself lives in @mer/contracts so MER has one (the API's enum). */
export const SIGNS = ZODIAC_SIGNS;
export type ZodiacSign = (typeof SIGNS)[number];

export type Element = 'fire' | 'earth' | 'air' | 'water';
export type Modality = 'cardinal' | 'fixed' | 'mutable';

const ELEMENTS: readonly Element[] = ['fire', 'earth', 'air', 'water'];
const MODALITIES: readonly Modality[] = ['cardinal', 'fixed', 'mutable'];

export function signIndex(sign: ZodiacSign): number {
  return SIGNS.indexOf(sign);
}
export function elementOf(sign: ZodiacSign): Element {
  return ELEMENTS[signIndex(sign) % 4]!;
}
export function modalityOf(sign: ZodiacSign): Modality {
  return MODALITIES[signIndex(sign) % 3]!;
}

/** Normalises an angle to [0, 360). */
export function norm360(deg: number): number {
  const r = deg % 360;
  return r < 0 ? r + 360 : r;
}

/** Normalises an angle difference to [-180, 180). */
export function norm180(deg: number): number {
  return norm360(deg + 180) - 180;
}

export interface ZodiacPosition {
  /** Tropical ecliptic longitude of date, degrees in [0, 360). */
  longitude: number;
  sign: ZodiacSign;
  /** Whole degrees within the sign, 0..29. */
  degree: number;
  /** Whole arc-minutes, 0..59 (truncated, as ephemerides print them). */
  minute: number;
  /** "12°34′ Leo" */
  label: string;
}

export function zodiacPosition(longitude: number): ZodiacPosition {
  const lon = norm360(longitude);
  // Whole arc-minutes from the start of Aries, truncated; a hair of rounding slack keeps 29°59.9999′ honest.
  const totalMinutes = Math.floor(lon * 60 + 1e-9) % (360 * 60);
  const sign = SIGNS[Math.floor(totalMinutes / 1800)]!;
  const inSign = totalMinutes % 1800;
  const degree = Math.floor(inSign / 60);
  const minute = inSign % 60;
  return {
    longitude: lon,
    sign,
    degree,
    minute,
    label: `${degree}°${String(minute).padStart(2, '0')}′ ${sign}`,
  };
}

/**
 * The spec's fixed date ranges (000 section 9: "Aries 21 March to 19 April; Capricorn 22 Dec to 19 Jan"),
 * completed with the usual newspaper table. Each entry is the first day (month, day) of the sign.
 */
const SUN_SIGN_STARTS: ReadonlyArray<readonly [ZodiacSign, number, number]> = [
  ['Capricorn', 1, 1],
  ['Aquarius', 1, 20],
  ['Pisces', 2, 19],
  ['Aries', 3, 21],
  ['Taurus', 4, 20],
  ['Gemini', 5, 21],
  ['Cancer', 6, 21],
  ['Leo', 7, 23],
  ['Virgo', 8, 23],
  ['Libra', 9, 23],
  ['Scorpio', 10, 23],
  ['Sagittarius', 11, 22],
  ['Capricorn', 12, 22],
];

/** The sun sign from the fixed date table (no time or place needed). */
export function sunSignFromDate(month: number, day: number): ZodiacSign {
  let sign: ZodiacSign = 'Capricorn';
  for (const [s, m, d] of SUN_SIGN_STARTS) {
    if (month > m || (month === m && day >= d)) sign = s;
  }
  return sign;
}

/** True when the date is the first or last day of a range in the fixed table, where the real Sun may disagree. */
export function isTableCuspDay(month: number, day: number): boolean {
  const today = sunSignFromDate(month, day);
  const next = new Date(Date.UTC(2001, month - 1, day + 1));
  const prev = new Date(Date.UTC(2001, month - 1, day - 1));
  return (
    sunSignFromDate(next.getUTCMonth() + 1, next.getUTCDate()) !== today ||
    sunSignFromDate(prev.getUTCMonth() + 1, prev.getUTCDate()) !== today
  );
}
