import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  addInterest,
  addLanguage,
  birthDateError,
  birthYears,
  calculationFailure,
  calculationNotice,
  selectableDays,
  selectableMonths,
  canLeaveStep,
  defaultNames,
  emptyDraft,
  hasSavedProgress,
  hourLabel,
  isFullName,
  newerDraft,
  progressFor,
  shouldShowRecovery,
  stepErrors,
  timeLabel,
  toggleInterest,
  truncateForReview,
  type WizardDraft,
} from './wizard-rules.ts';

const base = (over: Partial<WizardDraft> = {}): WizardDraft => ({ ...emptyDraft('river', 'river'), ...over });

describe('step gates', () => {
  it('steps 0 and 6 always pass', () => {
    expect(canLeaveStep(0, base())).toBe(true);
    expect(canLeaveStep(6, base())).toBe(true);
  });

  it('step 1 needs name, a picked city, a language and an intro', () => {
    expect(stepErrors(1, base({ name: ' ' }))).toEqual({
      name: MESSAGES.nameRequired,
      location: 'Location is required',
      languages: 'At least one language is required',
      bio: 'Please share a brief intro about yourself',
    });
    expect(stepErrors(1, base(), { cityQuery: 'Lisb' }).location).toBe(
      'Please select a city from the dropdown',
    );
    const ok = base({ location: 'Lisbon, Portugal', cityId: 'c1', languagesSpoken: ['en'], bio: 'Hello' });
    expect(canLeaveStep(1, ok)).toBe(true);
    expect(canLeaveStep(1, { ...ok, bio: 'x'.repeat(501) })).toBe(false);
    expect(canLeaveStep(1, { ...ok, cityId: '' })).toBe(false);
  });

  it('step 2 needs a photo, 3 an interest, 5 the terms', () => {
    expect(canLeaveStep(2, base())).toBe(false);
    expect(canLeaveStep(2, base({ imageUrl: '/p.jpg' }))).toBe(true);
    expect(stepErrors(3, base()).interests).toBe(
      'Please select at least one practice or interest to continue',
    );
    expect(canLeaveStep(3, base({ interests: ['Yoga'] }))).toBe(true);
    expect(stepErrors(5, base()).terms).toBe('Please accept the terms to continue');
    expect(canLeaveStep(5, base({ termsAccepted: true }))).toBe(true);
  });

  it('step 4 needs a choice, a calculated chart for yes, and no running calculation', () => {
    expect(canLeaveStep(4, base())).toBe(false);
    expect(canLeaveStep(4, base({ cosmicOptIn: 'no' }))).toBe(true);
    expect(canLeaveStep(4, base({ cosmicOptIn: 'yes' }))).toBe(false);
    expect(canLeaveStep(4, base({ cosmicOptIn: 'yes', sunSign: 'Leo' }))).toBe(true);
    expect(canLeaveStep(4, base({ cosmicOptIn: 'yes', sunSign: 'Leo' }), { calculating: true })).toBe(false);
  });
});

describe('header progress', () => {
  it('says Step n of 6 with a percent', () => {
    expect(progressFor(0)).toEqual({ label: 'Step 0 of 6', percent: 0 });
    expect(progressFor(3)).toEqual({ label: 'Step 3 of 6', percent: 50 });
    expect(progressFor(6)).toEqual({ label: 'Step 6 of 6', percent: 100 });
  });
});

describe('saved progress', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const fresh = { step: 1, draft: base(), defaultName: 'river', startedAt: '2026-11-23T11:55:00Z', now };
  it('is none for an untouched draft started less than 10 minutes ago', () => {
    expect(hasSavedProgress(fresh)).toBe(false);
  });
  it('counts a step above 1, a changed name, any field set, or an old start', () => {
    expect(hasSavedProgress({ ...fresh, step: 2 })).toBe(true);
    expect(hasSavedProgress({ ...fresh, draft: base({ name: 'River Stone' }) })).toBe(true);
    expect(hasSavedProgress({ ...fresh, draft: base({ bio: 'hi' }) })).toBe(true);
    expect(hasSavedProgress({ ...fresh, draft: base({ imageUrl: '/x.jpg' }) })).toBe(true);
    expect(hasSavedProgress({ ...fresh, draft: base({ location: 'Porto' }) })).toBe(true);
    expect(hasSavedProgress({ ...fresh, draft: base({ interests: ['Yoga'] }) })).toBe(true);
    expect(hasSavedProgress({ ...fresh, draft: base({ languagesSpoken: ['en'] }) })).toBe(true);
    expect(hasSavedProgress({ ...fresh, startedAt: '2026-11-23T11:49:59Z' })).toBe(true);
    expect(hasSavedProgress({ ...fresh, startedAt: '2026-11-23T11:50:00Z' })).toBe(false);
  });
  it('recovery shows unless completed, fresh from sign-up, or already chosen', () => {
    const input = {
      onboardingCompleted: false,
      profileName: null,
      membershipActive: false,
      savedProgress: true,
      freshSignup: false,
      chosen: false,
    };
    expect(shouldShowRecovery(input)).toBe(true);
    expect(shouldShowRecovery({ ...input, savedProgress: false })).toBe(false);
    expect(shouldShowRecovery({ ...input, savedProgress: false, membershipActive: true })).toBe(true);
    expect(shouldShowRecovery({ ...input, savedProgress: false, profileName: 'River' })).toBe(true);
    expect(shouldShowRecovery({ ...input, freshSignup: true })).toBe(false);
    expect(shouldShowRecovery({ ...input, chosen: true })).toBe(false);
    expect(shouldShowRecovery({ ...input, onboardingCompleted: true })).toBe(false);
  });
});

describe('review card', () => {
  it('shows 3 languages and 4 interests, then the rest as +N', () => {
    expect(truncateForReview(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(truncateForReview(['a', 'b'], 4)).toEqual({ shown: ['a', 'b'], more: 0 });
  });
});

describe('birth data', () => {
  it('lists 125 years from this year down, floored at 1900', () => {
    const years = birthYears(new Date('2026-11-23T00:00:00Z'));
    expect(years).toHaveLength(125);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1902);
    expect(birthYears(new Date('2030-01-01T12:00:00Z')).at(-1)).toBe(1906);
    expect(birthYears(new Date('2010-06-01T12:00:00Z')).at(-1)).toBe(1900);
  });
  it('refuses future dates and dates before 1900-01-01', () => {
    const today = new Date(2026, 10, 23, 12);
    expect(birthDateError('1990-05-17', today)).toBeNull();
    expect(birthDateError('2026-11-23', today)).toBeNull();
    expect(birthDateError('2026-11-24', today)).toBe('The date cannot be in the future');
    expect(birthDateError('1899-12-31', today)).toBe('The date cannot be before 1 January 1900');
    expect(birthDateError('1900-01-01', today)).toBeNull();
    expect(birthDateError('2023-02-29', today)).toBe('Please choose a valid date');
  });
  it('labels hours and times in 12-hour form', () => {
    expect(hourLabel(0)).toBe('12 AM');
    expect(hourLabel(11)).toBe('11 AM');
    expect(hourLabel(12)).toBe('12 PM');
    expect(hourLabel(23)).toBe('11 PM');
    expect(timeLabel('19:05')).toBe('7:05 PM');
    expect(timeLabel('00:30')).toBe('12:30 AM');
  });
});

describe('names, interests and languages', () => {
  it('a full name has two words of two letters or more', () => {
    expect(isFullName('River Stone')).toBe(true);
    expect(isFullName('River')).toBe(false);
    expect(isFullName('River S')).toBe(false);
    expect(isFullName('  Mary  Ann  Lee ')).toBe(true);
  });
  it('defaults the name from the account or the e-mail', () => {
    expect(defaultNames({ email: 'sky.blue@example.com' })).toEqual({
      name: 'sky.blue',
      username: 'sky.blue',
    });
    expect(defaultNames({ name: 'Sky Blue', username: 'sky', email: 'x@y.z' })).toEqual({
      name: 'Sky Blue',
      username: 'sky',
    });
  });
  it('trims custom interests and ignores duplicates case-insensitively', () => {
    expect(addInterest(['Yoga'], '  Ecstatic   Dance ')).toEqual(['Yoga', 'Ecstatic Dance']);
    expect(addInterest(['Yoga'], 'yoga')).toEqual(['Yoga']);
    expect(addInterest(['Yoga'], '   ')).toEqual(['Yoga']);
    expect(toggleInterest(['Yoga', 'Reiki'], 'yoga')).toEqual(['Reiki']);
    expect(toggleInterest(['Reiki'], 'Tarot')).toEqual(['Reiki', 'Tarot']);
  });
  it('keeps at most 4 languages, each once', () => {
    expect(addLanguage(['en'], 'en')).toEqual(['en']);
    expect(addLanguage(['a', 'b', 'c', 'd'], 'e')).toEqual(['a', 'b', 'c', 'd']);
    expect(addLanguage(['a', 'b', 'c'], 'd')).toEqual(['a', 'b', 'c', 'd']);
  });
  it('resumes the newer of two drafts', () => {
    const a = { updatedAt: '2026-11-23T10:00:00Z', v: 'a' };
    const b = { updatedAt: '2026-11-23T11:00:00Z', v: 'b' };
    expect(newerDraft(a, b)).toBe(b);
    expect(newerDraft(b, a)).toBe(b);
    expect(newerDraft(null, a)).toBe(a);
    expect(newerDraft(a, null)).toBe(a);
  });
});

describe('cosmic step notices', () => {
  it("says 'Calculation Complete', or 'Human Design Calculation' when only the signs could be calculated", () => {
    expect(calculationNotice({ humanDesign: { type: 'Generator' } })).toMatchObject({
      title: 'Calculation Complete',
      tone: 'success',
    });
    expect(calculationNotice({ humanDesign: null })).toEqual({
      title: 'Human Design Calculation',
      description: 'We could not calculate your Human Design, but your zodiac signs are ready.',
      tone: 'warning',
    });
  });
  it("reports a place without coordinates as 'Location Error' and anything else as 'Calculation Error'", () => {
    const message = "We couldn't find coordinates for this birth place. Please choose it from the list.";
    expect(calculationFailure({ title: 'Location Error', message })).toEqual({
      title: 'Location Error',
      description: message,
      tone: 'error',
    });
    const generic = {
      title: 'Calculation Error',
      description: 'Something went wrong. Please try again.',
      tone: 'error',
    };
    expect(calculationFailure({ title: 'Server Error', message: 'boom' })).toEqual(generic);
    expect(calculationFailure(null)).toEqual(generic);
  });
});

describe('birth date lists', () => {
  const today = new Date(2026, 10, 24); // 24 November 2026
  it('offers no month or day after today', () => {
    expect(selectableMonths(2026, today)).toBe(11);
    expect(selectableMonths(2025, today)).toBe(12);
    expect(selectableMonths(null, today)).toBe(12);
    expect(selectableDays(2026, 11, today)).toBe(24);
    expect(selectableDays(2026, 10, today)).toBe(31);
  });
  it("follows the month's length, leap years included", () => {
    expect(selectableDays(2024, 2, today)).toBe(29);
    expect(selectableDays(2023, 2, today)).toBe(28);
    expect(selectableDays(null, 2, today)).toBe(29);
    expect(selectableDays(1990, 4, today)).toBe(30);
    expect(selectableDays(1990, null, today)).toBe(31);
  });
});
