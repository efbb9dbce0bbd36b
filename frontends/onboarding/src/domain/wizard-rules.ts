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
export const DRAFT_SYNC_DEBOUNCE_MS = 1000;
export const COMPLETE_REDIRECT_DELAY_MS = 100;

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

/**
 * The birth-date and time rules and the calculation toasts are shared with Settings → Cosmic info; they live in
 * @mer/profile-forms (birth/birth-data.ts) and are re-exported here for the wizard.
 */
export {
  BIRTH_LOCATION_MIN_CHARS,
  SEARCH_DEBOUNCE_MS,
  YEAR_COUNT,
  EARLIEST_BIRTH_DATE,
  birthYears,
  daysInMonth,
  selectableMonths,
  selectableDays,
  isoDate,
  birthDateError,
  hourLabel,
  timeLabel,
  hhmm,
  calculationNotice,
  calculationFailure,
  type CosmicNotice,
} from '@mer/profile-forms';

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
