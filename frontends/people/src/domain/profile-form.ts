import type { MyProfile, UpdateMyProfile } from '@mer/contracts';

/** Settings' edit: only the fields given change. */
export type ProfilePatch = Omit<UpdateMyProfile, 'userId'>;

/** Spec 000 sections 5 and 9: the same limits and texts as the onboarding wizard's Basic Info step. */
export const BIO_MAX_LENGTH = 500;
export const MAX_LANGUAGES = 4;
export const CITY_SEARCH_MIN_CHARS = 2;
export const CITY_SEARCH_DEBOUNCE_MS = 300;

export const ProfileFormTexts = {
  nameRequired: 'Name is required',
  locationRequired: 'Location is required',
  cityFromDropdown: 'Please select a city from the dropdown',
  languageRequired: 'At least one language is required',
  maxLanguagesPlaceholder: 'Maximum 4 languages selected',
  bioRequired: 'Please share a brief intro about yourself',
  bioTooLong: `Please keep your intro to ${BIO_MAX_LENGTH} characters`,
  interestRequired: 'Please select at least one practice or interest to continue',
} as const;

export interface ProfileForm {
  name: string;
  bio: string;
  /** The city picked from the search list; null while the member has only typed text. */
  cityId: string | null;
  /** What the city field shows (the picked city's label, or text being typed). */
  cityText: string;
  languageIds: string[];
  interests: string[];
}

export type ProfileFormErrors = Partial<Record<'name' | 'bio' | 'city' | 'languages' | 'interests', string>>;

export function formFromProfile(profile: MyProfile): ProfileForm {
  return {
    name: profile.name ?? '',
    bio: profile.bio ?? '',
    cityId: profile.cityId ?? null,
    cityText: profile.location ?? '',
    languageIds: profile.languages?.map((l) => l.id) ?? profile.languagesSpoken ?? [],
    interests: profile.interests ?? [],
  };
}

export function validateProfileForm(form: ProfileForm): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  if (!form.name.trim()) errors.name = ProfileFormTexts.nameRequired;
  if (!form.bio.trim()) errors.bio = ProfileFormTexts.bioRequired;
  else if (form.bio.length > BIO_MAX_LENGTH) errors.bio = ProfileFormTexts.bioTooLong;
  if (!form.cityId)
    errors.city = form.cityText.trim()
      ? ProfileFormTexts.cityFromDropdown
      : ProfileFormTexts.locationRequired;
  if (form.languageIds.length === 0) errors.languages = ProfileFormTexts.languageRequired;
  if (form.interests.length === 0) errors.interests = ProfileFormTexts.interestRequired;
  return errors;
}

export function hasErrors(errors: ProfileFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** Adds a language unless it is already chosen or four are chosen. */
export function addLanguage(languageIds: readonly string[], id: string): string[] {
  if (languageIds.includes(id) || languageIds.length >= MAX_LANGUAGES) return [...languageIds];
  return [...languageIds, id];
}

/** Adds an interest, trimmed; a duplicate (ignoring case) is ignored. */
export function addInterest(interests: readonly string[], name: string): string[] {
  const trimmed = name.trim();
  if (!trimmed || interests.some((i) => i.toLowerCase() === trimmed.toLowerCase())) return [...interests];
  return [...interests, trimmed];
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Only the fields that changed, trimmed, as the PATCH body. */
export function profilePatchFor(before: ProfileForm, after: ProfileForm): ProfilePatch {
  const patch: ProfilePatch = {};
  if (after.name.trim() !== before.name.trim()) patch.name = after.name.trim();
  if (after.bio.trim() !== before.bio.trim()) patch.bio = after.bio.trim();
  if (after.cityId && after.cityId !== before.cityId) patch.cityId = after.cityId;
  if (!sameList(after.languageIds, before.languageIds)) patch.languageIds = [...after.languageIds];
  if (!sameList(after.interests, before.interests)) patch.interests = [...after.interests];
  return patch;
}
