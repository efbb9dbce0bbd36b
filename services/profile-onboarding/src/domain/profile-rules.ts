import type { FieldProblem } from '@mer/service-runtime';

/*
 * The wizard's and settings' rules for profile fields (spec 000 section 5 "Basic info fields",
 * "Interests", "Terms", "Onboarding step gates"), with the spec's texts. No I/O: lookups come in.
 */

export const MAX_LANGUAGES = 4;
export const MAX_BIO_LENGTH = 500;

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
 * Text as the member typed it, trimmed, without control characters (which Postgres refuses in
 * jsonb). HTML is NOT stripped: profiles are plain text, returned as JSON and rendered as text by
 * the front end, so "<script>" is stored and shown literally and "I <3 yoga" survives.
 */
export function cleanText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
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
