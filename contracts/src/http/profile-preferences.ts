// Profile-onboarding's preference defaults, shared with the web front ends (the settings page fills a missing
// key with the same value the service reads it as). Type-only imports: the front ends bundle this module, and
// TypeBox (used by the schemas in profile-onboarding.ts) would add about 25 KB to them.
import type { NotificationPreferences, PrivacySettings } from './profile-onboarding.ts';

/** Spec 001 section 3: every notification preference defaults to true (the migration's column default too). */
export const DEFAULT_NOTIFICATION_PREFERENCES: Readonly<NotificationPreferences> = {
  push_notifications: true,
  email_notifications: true,
  connection_requests: true,
  messages: true,
  mentions: true,
  post_reactions: true,
  post_comments: true,
  circle_invitations: true,
  circle_updates: true,
  event_reminders: true,
  event_updates: true,
  system_notifications: true,
};

/**
 * Spec 001 section 3: privacy settings default to true. share_birth_data is MER's own addition and
 * defaults to false: birth data is personal, so other members see it only once the member says so.
 */
export const DEFAULT_PRIVACY_SETTINGS: Readonly<PrivacySettings> = {
  location_sharing: true,
  analytics: true,
  receive_emails: true,
  share_birth_data: false,
  show_in_discovery: true,
};

/**
 * Stored preferences over the defaults, keeping only known keys with boolean values: a setting
 * added later reads as its default for members saved before it existed.
 */
export function withPreferenceDefaults<T extends Record<string, boolean>>(
  defaults: Readonly<T>,
  stored: unknown,
): T {
  const out = { ...defaults } as T;
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    for (const key of Object.keys(defaults) as (keyof T)[]) {
      const value = (stored as Record<string, unknown>)[key as string];
      if (typeof value === 'boolean') out[key] = value as T[keyof T];
    }
  }
  return out;
}
