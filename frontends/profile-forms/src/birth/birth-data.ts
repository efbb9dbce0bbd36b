/**
 * Birth data as members enter it (spec 000 sections 2, 4, 5, 8 and 9): the onboarding wizard's Cosmic Info step
 * and Settings → Cosmic info share these rules, so both forms offer the same dates and times and say the same
 * things after a calculation. Pure functions, unit-tested in birth-data.test.ts.
 */
import { formatClockTime, formatDate, memberLocale } from '@mer/api-client';

export const BIRTH_LOCATION_MIN_CHARS = 3;
export const SEARCH_DEBOUNCE_MS = 300;
export const YEAR_COUNT = 125;
export const EARLIEST_BIRTH_DATE = '1900-01-01';
export const NO_LOCATIONS_TEXT = 'No locations found for your search';
export const LOCATION_SEARCH_FAILED_TEXT = 'Unable to search locations. Please try again';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The year dropdown: 125 years counting down from the current one, never before 1900. */
export function birthYears(today: Date = new Date()): number[] {
  const current = today.getFullYear();
  const floor = Number(EARLIEST_BIRTH_DATE.slice(0, 4));
  const years: number[] = [];
  for (let y = current; y > current - YEAR_COUNT && y >= floor; y--) years.push(y);
  return years;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * How many months of `year` the month list offers: all 12, or up to this month in the current year (spec: the
 * date may not be in the future, so a future month is not offered at all).
 */
export function selectableMonths(year: number | null, today: Date = new Date()): number {
  return year === today.getFullYear() ? today.getMonth() + 1 : 12;
}

/**
 * How many days the day list offers: the month's length (29 for February while the year is not chosen, as it
 * may be a leap year; 31 while the month is not chosen), and never past today.
 */
export function selectableDays(year: number | null, month: number | null, today: Date = new Date()): number {
  if (!month) return 31;
  const length = daysInMonth(year ?? 2000, month);
  return year === today.getFullYear() && month === today.getMonth() + 1
    ? Math.min(length, today.getDate())
    : length;
}

/** yyyy-MM-dd from parts (month 1..12). */
export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function localIsoDate(d: Date): string {
  return isoDate(d.getFullYear(), d.getMonth() + 1, d.getDate());
}

/** Spec: the birth date may be neither in the future nor before 1900-01-01. */
export function birthDateError(date: string, today: Date = new Date()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'Please choose your date of birth';
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return 'Please choose a valid date';
  if (date < EARLIEST_BIRTH_DATE) return 'The date cannot be before 1 January 1900';
  if (date > localIsoDate(today)) return 'The date cannot be in the future';
  return null;
}

/** "12 AM", "1 AM" … "12 PM" … "11 PM" for the hours 0..23. */
export function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${suffix}`;
}

/** "7:05 PM" for 19:05. */
export function timeLabel(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const label = hourLabel(h);
  const [hh, suffix] = label.split(' ');
  return `${hh}:${String(m).padStart(2, '0')} ${suffix}`;
}

export function hhmm(hour: number, minute: number): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The birth form's fields as the selects and the place box hold them (empty string = not chosen). */
export interface BirthForm {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  /** The place box's text: the picked city's label, or what is being typed. */
  location: string;
  /** Set only when a city was picked from the search. */
  cityId: string;
}

export const EMPTY_BIRTH_FORM: BirthForm = {
  year: '',
  month: '',
  day: '',
  hour: '',
  minute: '',
  location: '',
  cityId: '',
};

/** The form filled from stored birth data (yyyy-MM-dd, HH:mm). */
export function birthFormFrom(
  birth: {
    birthDate: string;
    birthTime: string | null;
    birthLocation: string | null;
    cityId?: string | null;
  } | null,
): BirthForm {
  if (!birth) return EMPTY_BIRTH_FORM;
  const [y = '', m = '', d = ''] = birth.birthDate ? birth.birthDate.split('-') : [];
  const [h = '', min = ''] = birth.birthTime ? birth.birthTime.split(':') : [];
  return {
    year: y,
    month: m ? String(Number(m)) : '',
    day: d ? String(Number(d)) : '',
    hour: h ? String(Number(h)) : '',
    minute: min ? String(Number(min)) : '',
    location: birth.birthLocation ?? '',
    cityId: birth.cityId ?? '',
  };
}

export interface SelectOption {
  value: string;
  label: string;
}

/** What the form offers and whether it may be sent: the lists for the selects, the date's problem, the input. */
export interface BirthFormView {
  years: SelectOption[];
  months: SelectOption[];
  days: SelectOption[];
  hours: SelectOption[];
  minutes: SelectOption[];
  /** yyyy-MM-dd once day, month and year are chosen, else ''. */
  date: string;
  dateProblem: string | null;
  /** Date, hour, minute and a picked city: the chart can be calculated. */
  ready: boolean;
  /** The request body when ready, else null. */
  input: { birthDate: string; birthTime: string; cityId: string } | null;
}

const HOURS: SelectOption[] = Array.from({ length: 24 }, (_, h) => ({
  value: String(h),
  label: hourLabel(h),
}));
const MINUTES: SelectOption[] = Array.from({ length: 60 }, (_, m) => ({
  value: String(m),
  label: `:${String(m).padStart(2, '0')}`,
}));

export function birthFormView(form: BirthForm, today: Date = new Date()): BirthFormView {
  const year = form.year ? Number(form.year) : null;
  const month = form.month ? Number(form.month) : null;
  const date =
    form.year && form.month && form.day
      ? isoDate(Number(form.year), Number(form.month), Number(form.day))
      : '';
  const dateProblem = date ? birthDateError(date, today) : null;
  const ready = Boolean(date && !dateProblem && form.hour !== '' && form.minute !== '' && form.cityId);
  return {
    years: birthYears(today).map((y) => ({ value: String(y), label: String(y) })),
    months: MONTH_NAMES.slice(0, selectableMonths(year, today)).map((name, i) => ({
      value: String(i + 1),
      label: name,
    })),
    days: Array.from({ length: selectableDays(year, month, today) }, (_, i) => ({
      value: String(i + 1),
      label: String(i + 1),
    })),
    hours: HOURS,
    minutes: MINUTES,
    date,
    dateProblem,
    ready,
    input: ready
      ? { birthDate: date, birthTime: hhmm(Number(form.hour), Number(form.minute)), cityId: form.cityId }
      : null,
  };
}

/** Whether the place box's text should be searched: typed (not a picked city) and 3 characters or more. */
export function birthPlaceTerm(form: Pick<BirthForm, 'location' | 'cityId'>): string | null {
  const typed = form.cityId ? '' : form.location.trim();
  return typed.length >= BIRTH_LOCATION_MIN_CHARS ? typed : null;
}

export interface CosmicNotice {
  title: string;
  description: string;
  tone: 'success' | 'warning' | 'error';
}

/**
 * The toast after a calculation (spec section 8, Astrology): 'Calculation Complete', or 'Human Design
 * Calculation' when Human Design could not be calculated and the zodiac signs are kept anyway.
 */
export function calculationNotice(chart: { humanDesign: unknown }): CosmicNotice {
  return chart.humanDesign
    ? { title: 'Calculation Complete', description: 'Your cosmic profile is ready.', tone: 'success' }
    : {
        title: 'Human Design Calculation',
        description: 'We could not calculate your Human Design, but your zodiac signs are ready.',
        tone: 'warning',
      };
}

/**
 * A failed calculation: 'Location Error' with the server's text when the birth place has no coordinates, else
 * 'Calculation Error' with the spec's 'Something went wrong. Please try again.'
 */
export function calculationFailure(error: { title?: unknown; message?: unknown } | null): CosmicNotice {
  if (error?.title === 'Location Error' && typeof error.message === 'string' && error.message)
    return { title: 'Location Error', description: error.message, tone: 'error' };
  return {
    title: 'Calculation Error',
    description: 'Something went wrong. Please try again.',
    tone: 'error',
  };
}

/**
 * "Born 20 Mar 1990 at 23:30 in Lisbon, Portugal" under the result cards: the date and time as the member's
 * locale writes them ("Born Mar 20, 1990 at 11:30 PM …" in en-US). The form's hour list keeps the spec's 12-hour
 * labels; this line is a date to read, so it follows the member's locale like every other date.
 */
export function bornLine(
  birth: {
    birthDate: string;
    birthTime: string | null;
    birthLocation: string | null;
  },
  locale = memberLocale(),
): string {
  const at = birth.birthTime ? ` at ${formatClockTime(birth.birthTime, locale)}` : '';
  const place = birth.birthLocation ? ` in ${birth.birthLocation}` : '';
  return `Born ${formatDate(birth.birthDate, locale)}${at}${place}`;
}
