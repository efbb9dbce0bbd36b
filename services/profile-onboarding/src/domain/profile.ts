import { DEFAULT_PRIVACY_SETTINGS, withPreferenceDefaults } from '@mer/contracts';

/** Whether other members may see this member's birth data and everything computed from it (signs, chart). */
export function sharesBirthData(storedPrivacySettings: unknown): boolean {
  return withPreferenceDefaults(DEFAULT_PRIVACY_SETTINGS, storedPrivacySettings).share_birth_data;
}

/** How many members the landing page shows (spec 000 section 9: recent member avatars 4). */
export const RECENT_MEMBERS_SHOWN = 4;

/** The name the landing page shows for a member without one (spec 000 section 3 "Community stats"). */
export const ANONYMOUS_NAME = 'Anonymous';

export function publicName(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : ANONYMOUS_NAME;
}

/** A jsonb list of text as stored; anything else reads as empty. */
export function textList(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((v): v is string => typeof v === 'string') : [];
}
