import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_PRIVACY_SETTINGS,
  publicName,
  textList,
  withDefaults,
} from './profile.ts';

describe('publicName', () => {
  it("is the member's name, trimmed", () => {
    expect(publicName('  Ana Lua ')).toBe('Ana Lua');
  });

  it('is Anonymous for a blank or missing name', () => {
    for (const name of ['', '   ', null, undefined]) expect(publicName(name)).toBe('Anonymous');
  });
});

describe('withDefaults', () => {
  it('reads every notification preference as true when nothing is stored', () => {
    const prefs = withDefaults(DEFAULT_NOTIFICATION_PREFERENCES, null);
    expect(Object.keys(prefs)).toHaveLength(12);
    expect(Object.values(prefs).every((v) => v === true)).toBe(true);
  });

  it('keeps stored booleans, ignores unknown keys and wrong types', () => {
    expect(
      withDefaults(DEFAULT_PRIVACY_SETTINGS, { analytics: false, receive_emails: 'no', extra: false }),
    ).toEqual({ location_sharing: true, analytics: false, receive_emails: true, share_birth_data: false });
  });
});

describe('textList', () => {
  it('keeps strings of a list and reads anything else as empty', () => {
    expect(textList(['en', 3, 'pt'])).toEqual(['en', 'pt']);
    expect(textList({ en: true })).toEqual([]);
    expect(textList(null)).toEqual([]);
  });
});
