import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, DEFAULT_PRIVACY_SETTINGS } from '@mer/contracts';
import {
  NOTIFICATION_GROUPS,
  PRIVACY_TOGGLES,
  withNotificationDefaults,
  withPrivacyDefaults,
} from './preferences.ts';

describe('preferences', () => {
  it('defaults every one of the 12 notification preferences to true', () => {
    const values = Object.values(withNotificationDefaults(null));
    expect(values).toHaveLength(12);
    expect(values.every(Boolean)).toBe(true);
  });
  it('keeps stored choices over the defaults', () => {
    expect(withNotificationDefaults({ messages: false }).messages).toBe(false);
    expect(withPrivacyDefaults({ analytics: false })).toEqual({
      location_sharing: true,
      analytics: false,
      receive_emails: true,
      // MER's own setting: birth data stays private until the member shares it (the service's default).
      share_birth_data: false,
      // 'Show me in people discovery': on until the member hides themselves.
      show_in_discovery: true,
    });
  });
  it('keeps birth data private until the member shares it', () => {
    expect(withPrivacyDefaults(null).share_birth_data).toBe(false);
    expect(withPrivacyDefaults({ share_birth_data: true }).share_birth_data).toBe(true);
  });
  it('offers a toggle for every notification preference', () => {
    const keys = NOTIFICATION_GROUPS.flatMap((g) => g.toggles.map((t) => t.key)).sort();
    expect(keys).toEqual(Object.keys(DEFAULT_NOTIFICATION_PREFERENCES).sort());
  });
  it('offers a toggle for every privacy setting', () => {
    const keys = PRIVACY_TOGGLES.map((t) => t.key).sort();
    expect(keys).toEqual(Object.keys(DEFAULT_PRIVACY_SETTINGS).sort());
  });
});
