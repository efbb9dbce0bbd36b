import { describe, expect, it } from 'vitest';
import {
  addInterest,
  addLanguage,
  profilePatchFor,
  validateProfileForm,
  type ProfileForm,
} from './profile-form.ts';

const valid: ProfileForm = {
  name: 'Willow Brook',
  bio: 'I love quiet mornings.',
  cityId: 'lisbon',
  cityText: 'Lisbon, Lisbon, Portugal',
  languageIds: ['en'],
  interests: ['Yoga'],
};

describe('validateProfileForm', () => {
  it('accepts a complete form', () => {
    expect(validateProfileForm(valid)).toEqual({});
  });
  it("uses the spec's texts for missing fields", () => {
    expect(
      validateProfileForm({ name: ' ', bio: '', cityId: null, cityText: '', languageIds: [], interests: [] }),
    ).toEqual({
      name: 'Name is required',
      bio: 'Please share a brief intro about yourself',
      city: 'Location is required',
      languages: 'At least one language is required',
      interests: 'Please select at least one practice or interest to continue',
    });
  });
  it('asks for a city from the dropdown when text was typed but nothing picked', () => {
    expect(validateProfileForm({ ...valid, cityId: null, cityText: 'Lisb' }).city).toBe(
      'Please select a city from the dropdown',
    );
  });
  it('allows 500 characters of bio, not 501', () => {
    expect(validateProfileForm({ ...valid, bio: 'a'.repeat(500) }).bio).toBeUndefined();
    expect(validateProfileForm({ ...valid, bio: 'a'.repeat(501) }).bio).toBeDefined();
  });
});

describe('languages and interests', () => {
  it('adds at most 4 languages, each once', () => {
    expect(addLanguage(['en'], 'en')).toEqual(['en']);
    expect(addLanguage(['a', 'b', 'c'], 'd')).toEqual(['a', 'b', 'c', 'd']);
    expect(addLanguage(['a', 'b', 'c', 'd'], 'e')).toEqual(['a', 'b', 'c', 'd']);
  });
  it('trims interests and ignores duplicates in any case', () => {
    expect(addInterest(['Yoga'], '  yoga ')).toEqual(['Yoga']);
    expect(addInterest(['Yoga'], ' Sound Healing ')).toEqual(['Yoga', 'Sound Healing']);
    expect(addInterest(['Yoga'], '   ')).toEqual(['Yoga']);
  });
});

describe('profilePatchFor', () => {
  it('sends only what changed, trimmed', () => {
    expect(
      profilePatchFor(valid, { ...valid, name: ' Willow Stone ', interests: ['Yoga', 'Tarot'] }),
    ).toEqual({
      name: 'Willow Stone',
      interests: ['Yoga', 'Tarot'],
    });
    expect(profilePatchFor(valid, { ...valid })).toEqual({});
  });
  it('sends a city only when one was picked', () => {
    expect(profilePatchFor(valid, { ...valid, cityId: null, cityText: 'Por' })).toEqual({});
    expect(profilePatchFor(valid, { ...valid, cityId: 'porto' })).toEqual({ cityId: 'porto' });
  });
});
