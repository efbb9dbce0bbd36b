import type { FieldProblem } from '@mer/service-runtime';
import { sanitise, SANITISER_TEXTS, type SanitiseResult } from '@mer/text-sanitiser';

/*
 * The wizard's and settings' rules for profile fields (spec 000 section 5 "Basic info fields",
 * "Interests", "Terms", "Onboarding step gates"), with the spec's texts. No I/O: lookups come in.
 */

export const MAX_LANGUAGES = 4;
export const MAX_BIO_LENGTH = 500;
/** The contract's limits on the other free-text fields (name, an interest's name). */
export const MAX_NAME_LENGTH = 100;
export const MAX_INTEREST_LENGTH = 100;

export const TEXTS = {
  nameRequired: 'Name is required',
  locationRequired: 'Location is required',
  cityFromList: 'Please select a city from the dropdown',
  languageRequired: 'At least one language is required',
  languageUnknown: 'Please select languages from the list',
  tooManyLanguages: 'Maximum 4 languages selected',
  bioRequired: 'Please share a brief intro about yourself',
  bioTooLong: 'Bio must be 500 characters or less',
  interestRequired: 'Please select at least one practice or interest to continue',
  termsRequired: 'Please accept the terms to continue',
  photoRequired: 'Please complete all required fields before continuing.',
  photoNotYours: 'Please upload your profile photo in this step',
  birthDateInvalid: 'Please enter a valid birth date between 1900-01-01 and today',
  birthTimeInvalid: 'Please enter a valid birth time (HH:mm)',
} as const;

/**
 * Member text as stored: the shared sanitiser's plain text (@mer/text-sanitiser): tags and script patterns
 * removed, entities decoded, control characters (which Postgres refuses in jsonb) removed, trimmed. Profiles
 * are plain text, returned as JSON and rendered as text, so "I <3 yoga" and "Tom & Jerry" stay as typed.
 * Refused text (sanitiseProfileText reports why) is ''.
 */
export function cleanText(value: string): string {
  const result = sanitise(value);
  return result.ok ? result.value : '';
}

/** A field whose text showed threats, for the security log. */
export interface TextThreats {
  field: string;
  result: SanitiseResult;
}

export interface SanitisedProfileText {
  /** The input with name, bio and interests as their clean text. */
  input: ProfileFieldsInput;
  /** Text the sanitiser refused, with the spec's messages ('All content was stripped during sanitization', ...). */
  problems: FieldProblem[];
  threats: TextThreats[];
}

/**
 * The free text of a profile edit through the shared sanitiser (spec 001 section 5). A name or bio with nothing
 * left is refused with the sanitiser's message rather than "required", which would not tell the member why; an
 * interest with nothing left is dropped like a blank one.
 */
export function sanitiseProfileText(input: ProfileFieldsInput): SanitisedProfileText {
  const problems: FieldProblem[] = [];
  const threats: TextThreats[] = [];
  const clean = (field: string, value: string, maxLength: number, required: boolean): string => {
    const result = sanitise(value, { maxLength });
    if (result.threats.length) threats.push({ field, result });
    if (!result.ok) problems.push({ field: `body.${field}`, message: result.error });
    else if (required && result.threats.includes(SANITISER_TEXTS.contentStripped)) {
      problems.push({ field: `body.${field}`, message: SANITISER_TEXTS.contentStripped });
    }
    return result.ok ? result.value : '';
  };
  const output: ProfileFieldsInput = { ...input };
  if (input.name !== undefined) output.name = clean('name', input.name, MAX_NAME_LENGTH, true);
  if (input.bio !== undefined) output.bio = clean('bio', input.bio, MAX_BIO_LENGTH, true);
  if (input.interests !== undefined) {
    output.interests = input.interests.map((name) => clean('interests', name, MAX_INTEREST_LENGTH, false));
  }
  return { input: output, problems, threats };
}

/** Interests trimmed, blanks dropped, duplicates (case-insensitive) ignored, first spelling kept. */
export function normaliseInterests(interests: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of interests) {
    const name = cleanText(raw);
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** Language ids in the member's order, each once. */
export function normaliseLanguageIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim().toLowerCase()).filter(Boolean))];
}

export interface ProfileFieldsInput {
  name?: string;
  bio?: string;
  cityId?: string;
  languageIds?: string[];
  interests?: string[];
}

export interface Lookups {
  cityExists(id: string): boolean;
  languageExists(id: string): boolean;
}

/** Checks the fields given (undefined: not being changed). Every problem, in form order. */
export function checkProfileFields(input: ProfileFieldsInput, lookups: Lookups): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field: `body.${field}`, message });
  if (input.name !== undefined && !cleanText(input.name)) add('name', TEXTS.nameRequired);
  if (input.cityId !== undefined) {
    const cityId = input.cityId.trim();
    if (!cityId) add('cityId', TEXTS.locationRequired);
    else if (!lookups.cityExists(cityId)) add('cityId', TEXTS.cityFromList);
  }
  if (input.languageIds !== undefined) {
    const ids = normaliseLanguageIds(input.languageIds);
    if (ids.length === 0) add('languageIds', TEXTS.languageRequired);
    else if (ids.length > MAX_LANGUAGES) add('languageIds', TEXTS.tooManyLanguages);
    else if (!ids.every((id) => lookups.languageExists(id))) add('languageIds', TEXTS.languageUnknown);
  }
  if (input.bio !== undefined) {
    const bio = cleanText(input.bio);
    if (!bio) add('bio', TEXTS.bioRequired);
    else if ([...bio].length > MAX_BIO_LENGTH) add('bio', TEXTS.bioTooLong);
  }
  if (input.interests !== undefined && normaliseInterests(input.interests).length === 0) {
    add('interests', TEXTS.interestRequired);
  }
  return problems;
}

/** Photo URLs this service serves: /api/v1/profile-onboarding/photos/<photo id>.jpg */
export const PHOTO_URL_PREFIX = '/api/v1/profile-onboarding/photos/';
const PHOTO_URL =
  /^\/api\/v1\/profile-onboarding\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg$/;

/** The photo id of one of this service's photo URLs, or undefined for anything else. */
export function photoIdOf(imageUrl: string): string | undefined {
  return PHOTO_URL.exec(imageUrl.trim())?.[1];
}

/** yyyy-MM-dd, a real day, not before 1900-01-01 and not in the future (spec 000 section 5 "Birth data"). */
export function isValidBirthDate(value: string, now: Date = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return value >= '1900-01-01' && date.getTime() <= now.getTime();
}

export function isValidBirthTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}
