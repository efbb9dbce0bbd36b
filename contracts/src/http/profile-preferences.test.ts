import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_PRIVACY_SETTINGS,
  withPreferenceDefaults,
} from './profile-preferences.ts';

describe('withPreferenceDefaults', () => {
  it('reads every notification preference as true when nothing is stored', () => {
    const prefs = withPreferenceDefaults(DEFAULT_NOTIFICATION_PREFERENCES, null);
    expect(Object.keys(prefs)).toHaveLength(12);
    expect(Object.values(prefs).every((v) => v === true)).toBe(true);
  });

  it('keeps stored booleans, ignores unknown keys and wrong types', () => {
    expect(
      withPreferenceDefaults(DEFAULT_PRIVACY_SETTINGS, {
        analytics: false,
        receive_emails: 'no',
        extra: false,
      }),
    ).toEqual({
      location_sharing: true,
      analytics: false,
      receive_emails: true,
      share_birth_data: false,
      show_in_discovery: true,
    });
  });
});
