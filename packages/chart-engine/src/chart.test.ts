import { describe, expect, it } from 'vitest';
import { calculateChart } from './chart.ts';
import { ChartInputError } from './errors.ts';
import { resolveLocalTime, timeZoneAt } from './time.ts';
import { isTableCuspDay, sunSignFromDate, zodiacPosition } from './zodiac.ts';

const NOW = new Date('2026-11-23T00:00:00Z');
const LONDON = { latitude: 51.5074, longitude: -0.1278 };
const BERLIN = { latitude: 52.52, longitude: 13.405 };

function expectInputError(fn: () => unknown, code: string) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ChartInputError);
    expect((e as ChartInputError).code).toBe(code);
    return;
  }
  throw new Error('expected a ChartInputError');
}

describe('fixed sun-sign date table (spec 000 section 9)', () => {
  it.each([
    [3, 21, 'Aries'],
    [4, 19, 'Aries'],
    [4, 20, 'Taurus'],
    [12, 21, 'Sagittarius'],
    [12, 22, 'Capricorn'],
    [1, 19, 'Capricorn'],
    [1, 20, 'Aquarius'],
    [2, 18, 'Aquarius'],
    [2, 19, 'Pisces'],
    [3, 20, 'Pisces'],
    [7, 23, 'Leo'],
  ] as const)('%d/%d → %s', (m, d, sign) => {
    expect(sunSignFromDate(m, d)).toBe(sign);
  });
  it('marks the first and last days of a range as cusp days', () => {
    expect(isTableCuspDay(3, 21)).toBe(true);
    expect(isTableCuspDay(4, 19)).toBe(true);
    expect(isTableCuspDay(4, 5)).toBe(false);
    expect(isTableCuspDay(1, 1)).toBe(false);
  });
});

describe('zodiac positions', () => {
  it('truncates to whole arc-minutes and never prints 60′', () => {
    expect(zodiacPosition(29.99999).label).toBe('29°59′ Aries');
    expect(zodiacPosition(30).sign).toBe('Taurus');
    expect(zodiacPosition(-0.5).label).toBe('29°30′ Pisces');
  });
});

describe('birth on a sign cusp (the March 2000 equinox, USNO: 2000-03-20 07:35 UT)', () => {
  it('date only: the calendar sign, with a cusp-day note', () => {
    const r = calculateChart({ birthDate: '2000-03-20' }, { now: NOW });
    expect(r.astrology.sunSign).toBe('Pisces');
    expect(r.astrology.sunSignSource).toBe('date-table');
    expect(r.astrology.cuspNote).toMatch(/cusp/);
    expect(r.astrology.risingSign).toBeNull();
    expect(r.humanDesign).toBeNull();
  });
  it('time and place known: the real Sun wins (Aries after 07:35 UT, Pisces before)', () => {
    const after = calculateChart({ birthDate: '2000-03-20', birthTime: '07:45', ...LONDON }, { now: NOW });
    expect(after.astrology.sunSign).toBe('Aries');
    expect(after.astrology.cuspNote).toMatch(/calendars list Pisces.*you are Aries/);
    const before = calculateChart({ birthDate: '2000-03-20', birthTime: '07:25', ...LONDON }, { now: NOW });
    expect(before.astrology.sunSign).toBe('Pisces');
    expect(before.astrology.positions!.sun.label).toBe('29°59′ Pisces');
  });
});

describe('time zones and historical offsets', () => {
  it('finds the zone offline from coordinates', () => {
    expect(timeZoneAt(LONDON.latitude, LONDON.longitude)).toBe('Europe/London');
    expect(timeZoneAt(-33.8688, 151.2093)).toBe('Australia/Sydney');
    expect(timeZoneAt(78.2232, 15.6267)).toBe('Arctic/Longyearbyen');
  });
  it('pre-1970: British Standard Time kept UTC+1 through the winter of 1968–71 (IANA tz Europe/London)', () => {
    const r = calculateChart({ birthDate: '1969-01-15', birthTime: '12:00', ...LONDON }, { now: NOW });
    expect(r.utcOffsetMinutes).toBe(60);
    expect(r.birthInstant!.toISOString()).toBe('1969-01-15T11:00:00.000Z');
  });
  it('pre-1970: India used UTC+6:30 war time in 1943 (IANA tz Asia/Kolkata)', () => {
    const r = calculateChart(
      { birthDate: '1943-06-01', birthTime: '12:00', latitude: 22.5726, longitude: 88.3639 },
      { now: NOW },
    );
    expect(r.utcOffsetMinutes).toBe(390);
    expect(r.birthInstant!.toISOString()).toBe('1943-06-01T05:30:00.000Z');
  });
  it('DST gap: 02:30 did not exist in Berlin on 2021-03-28; reported, read with the earlier offset', () => {
    const r = calculateChart({ birthDate: '2021-03-28', birthTime: '02:30', ...BERLIN }, { now: NOW });
    expect(r.timeNote?.kind).toBe('gap');
    expect(r.timeNote?.candidateOffsetsMinutes).toEqual([60, 120]);
    expect(r.birthInstant!.toISOString()).toBe('2021-03-28T01:30:00.000Z');
    expect(r.timeNote?.message).toMatch(/did not exist/);
  });
  it('DST overlap: 02:30 happened twice in Berlin on 2021-10-31; the earlier is used and flagged', () => {
    const r = calculateChart({ birthDate: '2021-10-31', birthTime: '02:30', ...BERLIN }, { now: NOW });
    expect(r.timeNote?.kind).toBe('overlap');
    expect(r.timeNote?.candidateOffsetsMinutes).toEqual([120, 60]);
    expect(r.timeNote?.usedOffsetMinutes).toBe(120);
    expect(r.birthInstant!.toISOString()).toBe('2021-10-31T00:30:00.000Z');
  });
  it('a whole missing day is a gap too: Samoa skipped 2011-12-30 (IANA tz Pacific/Apia)', () => {
    const r = calculateChart(
      { birthDate: '2011-12-30', birthTime: '12:00', latitude: -13.83, longitude: -171.76 },
      { now: NOW },
    );
    expect(r.timeZone).toBe('Pacific/Apia');
    expect(r.timeNote).toMatchObject({ kind: 'gap', candidateOffsetsMinutes: [-600, 840] });
  });
  it('the poles and the antimeridian have a zone and a chart', () => {
    for (const [latitude, longitude] of [
      [90, 0],
      [-90, 180],
      [0, -180],
    ] as const) {
      const r = calculateChart(
        { birthDate: '1980-05-05', birthTime: '12:00', latitude, longitude },
        { now: NOW },
      );
      expect(r.timeZone).toBeTypeOf('string');
      expect(r.astrology.risingSign).toBeTypeOf('string');
    }
  });
  it('an ordinary time has no note', () => {
    expect(
      resolveLocalTime({ year: 2021, month: 7, day: 1, hour: 2, minute: 30 }, 'Europe/Berlin').timeNote,
    ).toBeNull();
  });
});

describe('date range rules', () => {
  it('1900-01-01 is the earliest date and works (Capricorn, midnight in Kolkata is still 1899 in UTC)', () => {
    const r = calculateChart(
      { birthDate: '1900-01-01', birthTime: '00:00', latitude: 22.5726, longitude: 88.3639 },
      { now: NOW },
    );
    expect(r.birthInstant!.getUTCFullYear()).toBe(1899);
    expect(r.astrology.sunSign).toBe('Capricorn');
    expect(r.humanDesign).not.toBeNull();
    expectInputError(() => calculateChart({ birthDate: '1899-12-31' }, { now: NOW }), 'DATE_BEFORE_1900');
  });
  it('today works (00:00 in Auckland is already past); the future is refused', () => {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const r = calculateChart(
      { birthDate: today, birthTime: '00:00', latitude: -36.8485, longitude: 174.7633 },
      { now },
    );
    expect(r.humanDesign?.type).toBeDefined();
    expectInputError(() => calculateChart({ birthDate: '2026-11-25' }, { now: NOW }), 'FUTURE_DATE');
    expectInputError(
      () =>
        calculateChart(
          { birthDate: '2026-11-22', birthTime: '23:30', ...LONDON },
          { now: new Date('2026-11-22T23:00:00Z') },
        ),
      'FUTURE_DATE',
    );
  });
  it('rejects malformed input with a code', () => {
    expectInputError(() => calculateChart({ birthDate: '2001-02-29' }, { now: NOW }), 'INVALID_DATE');
    expectInputError(
      () => calculateChart({ birthDate: '2001-02-01', birthTime: '24:00', ...LONDON }, { now: NOW }),
      'INVALID_TIME',
    );
    expectInputError(
      () => calculateChart({ birthDate: '2001-02-01', latitude: 91, longitude: 0 }, { now: NOW }),
      'INVALID_COORDINATES',
    );
  });
});

describe('high latitudes and the southern hemisphere', () => {
  it('Longyearbyen and Tromsø: a rising sign and a high-latitude note, never NaN', () => {
    for (const place of [
      { latitude: 78.2232, longitude: 15.6267 },
      { latitude: 69.6492, longitude: 18.9553 },
    ]) {
      for (const time of ['00:00', '06:00', '12:00', '18:00']) {
        const r = calculateChart({ birthDate: '1995-12-21', birthTime: time, ...place }, { now: NOW });
        expect(r.astrology.risingSign).toBeTypeOf('string');
        expect(Number.isNaN(r.astrology.positions!.ascendant.longitude)).toBe(false);
        expect(r.astrology.highLatitudeNote).toMatch(/polar circle/);
      }
    }
  });
  it('Sydney in January: daylight saving (UTC+11) and a full chart', () => {
    const r = calculateChart(
      { birthDate: '1990-01-10', birthTime: '09:15', latitude: -33.8688, longitude: 151.2093 },
      { now: NOW },
    );
    expect(r.utcOffsetMinutes).toBe(660);
    expect(r.astrology.sunSign).toBe('Capricorn');
    expect(r.astrology.highLatitudeNote).toBeNull();
    expect(r.humanDesign?.personality).toHaveLength(13);
  });
});

describe('moon sign without a birth time', () => {
  it('is taken at local noon and flagged when the Moon changes sign that day', () => {
    // 2000-01-06 was a new moon at 18:14 UT (USNO) with the Moon near 285.6°: well inside Capricorn all day.
    const r = calculateChart({ birthDate: '2000-01-06', ...LONDON }, { now: NOW });
    expect(r.astrology.moonSign).toBe('Capricorn');
    expect(r.astrology.moonSignCertain).toBe(true);
  });
});
