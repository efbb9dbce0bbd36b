/**
 * Numbers, money, dates and plural forms as the member's browser writes them (Intl), in one place, so no page
 * formats with ad-hoc toLocale* calls or a hard-coded 'en-US'.
 *
 * Every function takes an optional locale for tests; by default it is the browser's first preferred language.
 * Plural forms are a different matter: the product's texts are English, so the form ('1 member', '2 members')
 * is chosen by English plural rules, while the number inside it is written in the member's locale
 * ('1.234 members' in German). Choosing the form by, say, Polish rules would ask English text for forms
 * ('few', 'many') that English does not have.
 */

/** The language MER's texts are written in: plural forms are chosen by its rules. */
export const TEXT_LANGUAGE = 'en';

/** The member's locale: the browser's first preferred language ('en' where there is no browser). */
export function memberLocale(): string {
  if (typeof navigator === 'undefined') return 'en';
  return navigator.languages?.[0] ?? navigator.language ?? 'en';
}

// Intl formatters are costly to build and pages format in render loops: keep one per locale and options.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** A number in the member's locale: '1,234.5' (en), '1.234,5' (de). */
export function formatNumber(value: number, locale = memberLocale(), options: Intl.NumberFormatOptions = {}) {
  return numberFormat(locale, options).format(value);
}

/** An amount in cents (how MER stores money) in the member's locale: '€12.50' (en-GB), '12,50 €' (de-DE). */
export function formatMoneyCents(cents: number, currency: string, locale = memberLocale()): string {
  return numberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date: a calendar date 'yyyy-MM-dd' (a birth date) is that day wherever the member is; anything else is an
 * instant (an ISO timestamp, epoch milliseconds or a Date) shown on the member's own calendar.
 */
function toDate(value: string | number | Date): { date: Date; calendarDate: boolean } {
  if (typeof value === 'string') {
    const day = CALENDAR_DATE.exec(value);
    if (day) return { date: new Date(Date.UTC(+day[1]!, +day[2]! - 1, +day[3]!)), calendarDate: true };
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return { date, calendarDate: false };
}

/** A date in the member's order and words: '15 Jun 1985' (en-GB), '15.06.1985' (de-DE), 'Jun 15, 1985' (en-US). */
export function formatDate(value: string | number | Date, locale = memberLocale()): string {
  const { date, calendarDate } = toDate(value);
  return dateFormat(locale, { dateStyle: 'medium', ...(calendarDate ? { timeZone: 'UTC' } : {}) }).format(
    date,
  );
}

/** A date and time of day on the member's clock: '15 Jun 1985, 19:45' (en-GB), '15.06.1985, 19:45' (de-DE). */
export function formatDateTime(value: string | number | Date, locale = memberLocale()): string {
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(toDate(value).date);
}

/**
 * A calendar month 'yyyy-MM' (figures per month, months in UTC) in the member's words: 'Nov 2026' (en-GB),
 * 'Nov. 2026' (de-DE); `long` spells the month out ('November 2026'), `year: false` leaves the year out ('Nov').
 */
export function formatMonth(
  yyyyMm: string,
  locale = memberLocale(),
  opts: { long?: boolean; year?: boolean } = {},
): string {
  const [year, month] = yyyyMm.split('-').map(Number) as [number, number];
  if (!year || !month || month > 12) throw new RangeError(`Not a month: ${yyyyMm}`);
  return dateFormat(locale, {
    month: opts.long ? 'long' : 'short',
    ...(opts.year === false ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** A wall-clock time 'HH:mm' (a birth time, no time zone) as the member writes it: '7:45 PM' (en-US), '19:45' (de). */
export function formatClockTime(hhmm: string, locale = memberLocale()): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return dateFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, h, m)),
  );
}

/** The English plural forms of a text; 'one' and 'other' are the ones English needs. */
export interface PluralForms {
  one: string;
  other: string;
}

/** Which form `count` takes in MER's texts (English rules); 'other' wherever a form is missing. */
export function pluralForm(count: number, forms: PluralForms): string {
  let rules = pluralRules.get(TEXT_LANGUAGE);
  if (!rules) pluralRules.set(TEXT_LANGUAGE, (rules = new Intl.PluralRules(TEXT_LANGUAGE)));
  const category = rules.select(count);
  return category === 'one' ? forms.one : forms.other;
}

/**
 * A count and its noun: plural(1, { one: 'member', other: 'members' }) → '1 member'; 1234 → '1,234 members'
 * (en) or '1.234 members' (de). `shown` replaces the number as written (e.g. '1.2K+'), the form still follows `count`.
 */
export function plural(
  count: number,
  forms: PluralForms,
  options: { locale?: string; shown?: string } = {},
): string {
  const shown = options.shown ?? formatNumber(count, options.locale);
  return `${shown} ${pluralForm(count, forms)}`;
}
