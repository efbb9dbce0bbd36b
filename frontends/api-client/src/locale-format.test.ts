import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDate,
  formatDateTime,
  formatMoneyCents,
  formatMonth,
  formatNumber,
  plural,
  pluralForm,
} from './locale-format.ts';

// Intl output contains narrow no-break spaces in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('locale formatting', () => {
  it('writes dates in the day-month order of the locale (en-GB and de-DE), not the US one', () => {
    expect(formatDate('1985-06-15', 'en-GB')).toBe('15 Jun 1985');
    expect(formatDate('1985-06-15', 'de-DE')).toBe('15.06.1985');
    expect(formatDate('1985-06-15', 'en-US')).toBe('Jun 15, 1985');
  });

  it('keeps a calendar date on its day in every time zone', () => {
    // 'yyyy-MM-dd' parsed as an instant is midnight UTC: on 31 December west of Greenwich.
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(formatDate('2024-01-01', 'en-GB')).toBe('1 Jan 2024');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('writes instants with date and time on the member clock', () => {
    const at = new Date(2026, 2, 4, 18, 5); // local time
    expect(plain(formatDateTime(at, 'en-GB'))).toBe('4 Mar 2026, 18:05');
    expect(plain(formatDateTime(at, 'de-DE'))).toBe('04.03.2026, 18:05');
    expect(formatDate(at.toISOString(), 'de-DE')).toBe('04.03.2026');
    expect(() => formatDate('not a date', 'en-GB')).toThrow(RangeError);
  });

  it('writes a calendar month on its own month in every time zone', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(formatMonth('2026-11', 'en-GB')).toBe('Nov 2026');
      expect(formatMonth('2027-01', 'en-GB', { long: true })).toBe('January 2027');
      expect(formatMonth('2026-12', 'en-GB', { year: false })).toBe('Dec');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(() => formatMonth('2026-13', 'en-GB')).toThrow(RangeError);
  });

  it('writes wall-clock times in the 12- or 24-hour form of the locale', () => {
    expect(plain(formatClockTime('19:05', 'en-US'))).toBe('7:05 PM');
    expect(formatClockTime('19:05', 'de-DE')).toBe('19:05');
  });

  it('writes numbers and money in cents with the locale separators and currency place', () => {
    expect(formatNumber(1234.5, 'en-GB')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,5');
    expect(formatMoneyCents(1250, 'EUR', 'en-GB')).toBe('€12.50');
    expect(plain(formatMoneyCents(1250, 'eur', 'de-DE'))).toBe('12,50 €');
    expect(plain(formatMoneyCents(99900, 'EUR', 'de-DE'))).toBe('999,00 €');
  });

  it('chooses the English plural form for the count, with the number in the locale', () => {
    const members = { one: 'member', other: 'members' };
    expect(pluralForm(1, members)).toBe('member');
    expect(pluralForm(0, members)).toBe('members');
    expect(pluralForm(1.5, members)).toBe('members');
    expect(plural(1, members, { locale: 'de-DE' })).toBe('1 member');
    expect(plural(12, members, { locale: 'en-GB' })).toBe('12 members');
    expect(plural(1234, members, { locale: 'de-DE' })).toBe('1.234 members');
    // A Polish browser: English text still takes its English form ('few' is no English form).
    expect(plural(3, members, { locale: 'pl-PL' })).toBe('3 members');
    expect(plural(1000, members, { shown: '1.0K+' })).toBe('1.0K+ members');
  });
});
