import type { NotificationPreferences, PrivacySettings } from '@mer/contracts';

/** Spec 001 section 3: every notification preference defaults to true (the migration's column default too). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
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
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = {
  location_sharing: true,
  analytics: true,
  receive_emails: true,
  share_birth_data: false,
};

/** Whether other members may see this member's birth data and everything computed from it (signs, chart). */
export function sharesBirthData(storedPrivacySettings: unknown): boolean {
  return withDefaults(DEFAULT_PRIVACY_SETTINGS, storedPrivacySettings).share_birth_data;
}

/** How many members the landing page shows (spec 000 section 9: recent member avatars 4). */
export const RECENT_MEMBERS_SHOWN = 4;

/** The name the landing page shows for a member without one (spec 000 section 3 "Community stats"). */
export const ANONYMOUS_NAME = 'Anonymous';

export function publicName(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : ANONYMOUS_NAME;
}

/**
 * Stored preferences over the defaults, keeping only known keys with boolean values: a setting
 * added later reads as its default for members saved before it existed.
 */
export function withDefaults<T extends Record<string, boolean>>(defaults: T, stored: unknown): T {
  const out = { ...defaults };
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    for (const key of Object.keys(defaults) as (keyof T)[]) {
      const value = (stored as Record<string, unknown>)[key as string];
      if (typeof value === 'boolean') out[key] = value as T[keyof T];
    }
  }
  return out;
}

/** A jsonb list of text as stored; anything else reads as empty. */
export function textList(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((v): v is string => typeof v === 'string') : [];
}
