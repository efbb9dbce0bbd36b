import { describe, expect, it } from 'vitest';
import {
  TEXTS,
  checkProfileFields,
  cleanText,
  isValidBirthDate,
  isValidBirthTime,
  normaliseInterests,
  photoIdOf,
  sanitiseProfileText,
} from './profile-rules.ts';

const lookups = {
  cityExists: (id: string) => id === '2267057',
  languageExists: (id: string) => ['en', 'pt'].includes(id),
};

describe('checkProfileFields', () => {
  it('answers every spec text for blank fields', () => {
    const problems = checkProfileFields(
      { name: ' ', bio: '', cityId: '', languageIds: [], interests: ['  '] },
      lookups,
    );
    expect(problems.map((p) => p.message)).toEqual([
      TEXTS.nameRequired,
      TEXTS.locationRequired,
      TEXTS.languageRequired,
      TEXTS.bioRequired,
      TEXTS.interestRequired,
    ]);
    expect(problems[0]!.field).toBe('body.name');
  });

  it('wants the city and languages from the lists', () => {
    const problems = checkProfileFields({ cityId: '999', languageIds: ['xx'] }, lookups);
    expect(problems.map((p) => p.message)).toEqual([TEXTS.cityFromList, TEXTS.languageUnknown]);
  });

  it('accepts a valid profile and checks only the fields given', () => {
    expect(
      checkProfileFields(
        {
          name: 'Ana Lua',
          bio: 'Hi',
          cityId: '2267057',
          languageIds: ['en', 'EN', 'pt'],
          interests: ['Yoga'],
        },
        lookups,
      ),
    ).toEqual([]);
    expect(checkProfileFields({}, lookups)).toEqual([]);
  });

  it('limits the bio to 500 characters', () => {
    expect(checkProfileFields({ bio: 'a'.repeat(500) }, lookups)).toEqual([]);
    expect(checkProfileFields({ bio: 'a'.repeat(501) }, lookups)[0]!.message).toBe(TEXTS.bioTooLong);
  });
});

describe('text rules', () => {
  it('is the shared sanitiser plain text: no tags or scripts, control characters dropped, the rest as typed', () => {
    expect(cleanText(' <script>alert(1)</script>Hi\u0000 <b>there</b> ')).toBe('Hi there');
    expect(cleanText(' I <3 yoga & "tea" ')).toBe('I <3 yoga & "tea"');
  });

  it("refuses a name or bio with nothing left ('All content was stripped during sanitization') and reports threats", () => {
    const text = sanitiseProfileText({
      name: 'Ana <img src=x onerror=alert(1)>',
      bio: '<script>alert(1)</script>',
      interests: ['Yoga', '<iframe src="https://evil.example"></iframe>'],
      cityId: '2267057',
    });
    expect(text.input).toEqual({ name: 'Ana', bio: '', interests: ['Yoga', ''], cityId: '2267057' });
    expect(text.problems).toEqual([
      { field: 'body.bio', message: 'All content was stripped during sanitization' },
    ]);
    expect(text.threats.map(({ field, result }) => [field, result.threats])).toEqual([
      ['name', ['Event handler injection']],
      ['bio', ['Script tag injection', 'All content was stripped during sanitization']],
      ['interests', ['Iframe injection', 'All content was stripped during sanitization']],
    ]);
    expect(sanitiseProfileText({ bio: 'x'.repeat(501) }).problems).toEqual([
      { field: 'body.bio', message: 'Input exceeds maximum length of 500' },
    ]);
    expect(sanitiseProfileText({ name: 'Ana', bio: 'I sit.' })).toEqual({
      input: { name: 'Ana', bio: 'I sit.' },
      problems: [],
      threats: [],
    });
  });

  it('trims interests and ignores duplicates case-insensitively', () => {
    expect(normaliseInterests([' Yoga', 'yoga', '', 'Reiki ', 'YOGA'])).toEqual(['Yoga', 'Reiki']);
  });

  it('reads only this service photo URLs', () => {
    const id = '0b3f5c1e-1111-4a2b-8c3d-123456789abc';
    expect(photoIdOf(`/api/v1/profile-onboarding/photos/${id}.jpg`)).toBe(id);
    expect(photoIdOf(`https://evil.example/photos/${id}.jpg`)).toBeUndefined();
    expect(photoIdOf(`/api/v1/profile-onboarding/photos/../${id}.jpg`)).toBeUndefined();
  });

  it('checks birth dates and times', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(isValidBirthDate('1990-02-28', now)).toBe(true);
    expect(isValidBirthDate('1990-02-30', now)).toBe(false);
    expect(isValidBirthDate('1899-12-31', now)).toBe(false);
    expect(isValidBirthDate('2027-01-01', now)).toBe(false);
    expect(isValidBirthTime('23:59')).toBe(true);
    expect(isValidBirthTime('24:00')).toBe(false);
  });
});
