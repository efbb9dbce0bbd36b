import type { MyProfile, ProfileRole } from '@mer/contracts';
import { notFound } from '@mer/service-runtime';
import type { Kysely } from 'kysely';
import { findProfile } from '../db/profiles.repository.ts';
import type { ProfileRow } from '../db/tables.ts';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_PRIVACY_SETTINGS,
  textList,
  withDefaults,
} from '../domain/profile.ts';

/**
 * The caller's own profile. None yet (identity's event not handled so far) is 404 Item Not Found,
 * which the front end's access guard reads as "no profile".
 */
export async function getMyProfile(db: Kysely<any>, userId: string): Promise<MyProfile> {
  const row = await findProfile(db, userId);
  if (!row) throw notFound();
  return toMyProfile(row);
}

export function toMyProfile(row: ProfileRow): MyProfile {
  return {
    userId: row.user_id,
    name: row.name,
    username: row.username,
    email: row.email,
    bio: row.bio,
    imageUrl: row.image_url,
    location: row.location,
    languagesSpoken: textList(row.languages_spoken),
    interests: textList(row.interests),
    onboardingCompleted: row.onboarding_completed,
    role: row.role as ProfileRole | null,
    isFacilitator: row.is_facilitator,
    notificationPreferences: withDefaults(DEFAULT_NOTIFICATION_PREFERENCES, row.notification_preferences),
    privacySettings: withDefaults(DEFAULT_PRIVACY_SETTINGS, row.privacy_settings),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
