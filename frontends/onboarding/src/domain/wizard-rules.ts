/**
 * The onboarding wizard's rules (spec 000 sections 2, 4, 5 and 9): steps, gates, saved progress, the review
 * card's truncation, the birth-date year list and 12-hour labels
 * (the photo's file checks and upload retries are shared with Settings in @mer/api-client).
 * Pure functions, so each rule is unit-tested on its own.
 */

export const STEP_TITLES = [
  'Welcome',
  'Basic Info',
  'Profile Picture',
  'Interests',
  'Cosmic Info',
  'Community Guidelines & Terms of Service',
  'Complete',
] as const;
export const LAST_STEP = STEP_TITLES.length - 1;

export const MAX_LANGUAGES = 4;
export const BIO_MAX = 500;
export const REVIEW_LANGUAGES = 3;
export const REVIEW_INTERESTS = 4;
export const SAVED_PROGRESS_STARTED_MS = 10 * 60_000;
export const CITY_SEARCH_MIN_CHARS = 2;
export const BIRTH_LOCATION_MIN_CHARS = 3;
export const SEARCH_DEBOUNCE_MS = 300;
export const DRAFT_SYNC_DEBOUNCE_MS = 1000;
export const COMPLETE_REDIRECT_DELAY_MS = 100;
export const YEAR_COUNT = 125;
export const EARLIEST_BIRTH_DATE = '1900-01-01';

export const MESSAGES = {
  gateTitle: 'Required information missing',
  gateDescription: 'Please complete all required fields before continuing.',
  nameRequired: 'Name is required',
  fullNameHint: 'Please enter your full name (first and last name)',
  locationRequired: 'Location is required',
  pickCity: 'Please select a city from the dropdown',
  languageRequired: 'At least one language is required',
  bioRequired: 'Please share a brief intro about yourself',
  photoRequired: 'Please add a profile photo with your face',
  interestRequired: 'Please select at least one practice or interest to continue',
  termsRequired: 'Please accept the terms to continue',
  cosmicChoose: 'Please choose whether to add your cosmic information',
  cosmicCalculate: 'Please calculate your chart, or choose No',
} as const;

export interface BirthDraft {
  birthDate: string;
  birthTime: string | null;
  birthLocation: string;
  cityId: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The draft as the wizard keeps it (camelCase like the API's OnboardingDraftData). */
export interface WizardDraft {
  name: string;
  username: string;
  bio: string;
  imageUrl: string;
  /** The picked city's label; empty until one is picked from the list. */
  location: string;
  cityId: string;
  interests: string[];
  languagesSpoken: string[];
  termsAccepted: boolean;
  cosmicOptIn: 'yes' | 'no' | null;
  birthData: BirthDraft | null;
  sunSign: string | null;
  moonSign: string | null;
  risingSign: string | null;
  humanDesignType: string | null;
  humanDesignStrategy: string | null;
  humanDesignAuthority: string | null;
  humanDesignProfile: string | null;
}

export function emptyDraft(defaultName: string, defaultUsername: string): WizardDraft {
  return {
    name: defaultName,
    username: defaultUsername,
    bio: '',
    imageUrl: '',
    location: '',
    cityId: '',
    interests: [],
    languagesSpoken: [],
    termsAccepted: false,
    cosmicOptIn: null,
    birthData: null,
    sunSign: null,
    moonSign: null,
    risingSign: null,
    humanDesignType: null,
    humanDesignStrategy: null,
    humanDesignAuthority: null,
    humanDesignProfile: null,
  };
}

/** Spec: a full name is two or more words of at least 2 characters each. */
export function isFullName(name: string): boolean {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.length >= 2 && words.every((w) => w.length >= 2);
}

export type FieldErrors = Partial<
  Record<'name' | 'location' | 'languages' | 'bio' | 'photo' | 'interests' | 'terms' | 'cosmic', string>
>;

export interface GateContext {
  /** Text typed into the city box that was not picked from the list. */
  cityQuery?: string;
  calculating?: boolean;
}

/** The errors that keep a step from moving on; empty means Continue may proceed (spec section 5 "step gates"). */
export function stepErrors(step: number, draft: WizardDraft, context: GateContext = {}): FieldErrors {
  const errors: FieldErrors = {};
  switch (step) {
    case 1:
      if (!draft.name.trim()) errors.name = MESSAGES.nameRequired;
      if (!draft.location.trim() || !draft.cityId)
        errors.location = context.cityQuery?.trim() ? MESSAGES.pickCity : MESSAGES.locationRequired;
      if (draft.languagesSpoken.length === 0) errors.languages = MESSAGES.languageRequired;
      if (!draft.bio.trim()) errors.bio = MESSAGES.bioRequired;
      else if (draft.bio.length > BIO_MAX) errors.bio = `Please keep your intro under ${BIO_MAX} characters`;
      break;
    case 2:
      if (!draft.imageUrl.trim()) errors.photo = MESSAGES.photoRequired;
      break;
    case 3:
      if (draft.interests.length === 0) errors.interests = MESSAGES.interestRequired;
      break;
    case 4:
      if (context.calculating) errors.cosmic = MESSAGES.cosmicCalculate;
      else if (draft.cosmicOptIn === null) errors.cosmic = MESSAGES.cosmicChoose;
      else if (draft.cosmicOptIn === 'yes' && !draft.sunSign) errors.cosmic = MESSAGES.cosmicCalculate;
      break;
    case 5:
      if (!draft.termsAccepted) errors.terms = MESSAGES.termsRequired;
      break;
    default:
      break;
  }
  return errors;
}

export function canLeaveStep(step: number, draft: WizardDraft, context: GateContext = {}): boolean {
  return Object.keys(stepErrors(step, draft, context)).length === 0;
}

/** 'Step n of 6' and the percent shown in the header (step 0 is 0 %, step 6 is 100 %). */
export function progressFor(step: number): { label: string; percent: number } {
  return { label: `Step ${step} of ${LAST_STEP}`, percent: Math.round((step / LAST_STEP) * 100) };
}

export interface SavedProgressInput {
  step: number;
  draft: WizardDraft;
  defaultName: string;
  startedAt: string | null;
  now?: number;
}

/**
 * Spec: saved progress counts when the step is above 1, the name changed from its default, any of bio, image,
 * location, interests or languages is set, or the wizard was started more than 10 minutes ago.
 */
export function hasSavedProgress({
  step,
  draft,
  defaultName,
  startedAt,
  now = Date.now(),
}: SavedProgressInput): boolean {
  if (step > 1) return true;
  if (draft.name.trim() && draft.name.trim() !== defaultName.trim()) return true;
  if (draft.bio.trim() || draft.imageUrl || draft.location.trim()) return true;
  if (draft.interests.length > 0 || draft.languagesSpoken.length > 0) return true;
  if (startedAt && now - Date.parse(startedAt) > SAVED_PROGRESS_STARTED_MS) return true;
  return false;
}

/**
 * Spec: the recovery screen shows when the profile is not completed and (a profile name exists, membership is
 * active, or saved progress exists), unless the fresh-signup flag is set or the member has already chosen.
 */
export function shouldShowRecovery(input: {
  onboardingCompleted: boolean;
  profileName: string | null;
  membershipActive: boolean;
  savedProgress: boolean;
  freshSignup: boolean;
  chosen: boolean;
}): boolean {
  if (input.onboardingCompleted || input.freshSignup || input.chosen) return false;
  return Boolean(input.profileName?.trim()) || input.membershipActive || input.savedProgress;
}

/** The first `max` entries and how many more there are ("+N" on the review card). */
export function truncateForReview<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

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

/** Interests: a custom entry is trimmed, and one already selected (case-insensitively) is ignored. */
export function addInterest(selected: readonly string[], entry: string): string[] {
  const name = entry.trim().replace(/\s+/g, ' ');
  if (!name) return [...selected];
  if (selected.some((s) => s.toLowerCase() === name.toLowerCase())) return [...selected];
  return [...selected, name];
}

export function toggleInterest(selected: readonly string[], name: string): string[] {
  return selected.some((s) => s.toLowerCase() === name.toLowerCase())
    ? selected.filter((s) => s.toLowerCase() !== name.toLowerCase())
    : [...selected, name];
}

/** Languages: at most 4, each once. */
export function addLanguage(selected: readonly string[], id: string): string[] {
  if (selected.includes(id) || selected.length >= MAX_LANGUAGES) return [...selected];
  return [...selected, id];
}

/** Which of two drafts to resume: the one changed last (local storage of this device, or the server's). */
export function newerDraft<T extends { updatedAt: string }>(a: T | null, b: T | null): T | null {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b.updatedAt) > Date.parse(a.updatedAt) ? b : a;
}

/** Name and username default from the account's name, else the part of the e-mail before the @. */
export { defaultNames } from '@mer/api-client';

export interface CosmicNotice {
  title: string;
  description: string;
  tone: 'success' | 'warning' | 'error';
}

/**
 * The toast after Calculate (spec section 8, Astrology): 'Calculation Complete', or 'Human Design Calculation'
 * when Human Design could not be calculated and the zodiac signs are kept anyway.
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
 * A failed Calculate: 'Location Error' with the server's text when the birth place has no coordinates, else
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
