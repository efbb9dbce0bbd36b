import type { Kysely } from 'kysely';
import type { ProfileOnboardingTables, ProfileRow } from './tables.ts';

/** The only place that speaks SQL about profiles. Every function takes ctx.db or a transaction's trx. */

export interface NewProfile {
  userId: string;
  name: string;
  username: string;
  email: string;
  createdAt: Date;
}

/** Inserts the member's profile unless it exists already; true when a row was added. */
export async function insertProfileIfAbsent(
  db: Kysely<ProfileOnboardingTables>,
  profile: NewProfile,
): Promise<boolean> {
  const inserted = await db
    .insertInto('profiles')
    .values({
      user_id: profile.userId,
      name: profile.name,
      username: profile.username,
      email: profile.email,
      created_at: profile.createdAt,
      updated_at: profile.createdAt,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findProfile(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Records the member's confirmed e-mail; false when they have no profile. */
export async function updateProfileEmail(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
  email: string,
): Promise<boolean> {
  const result = await db
    .updateTable('profiles')
    .set({ email, updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('email', '<>', email)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Deletes everything of the member this service holds (profile, draft, practices, suggestions, membership and
 * roles copies) and clears them as a reviewer. Part of the member's erasure: the runtime records the tombstone.
 */
export async function deleteMemberRows(db: Kysely<ProfileOnboardingTables>, userId: string): Promise<void> {
  await db.deleteFrom('onboarding_drafts').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_practices').where('user_id', '=', userId).execute();
  await db.deleteFrom('interest_suggestions').where('user_id', '=', userId).execute();
  // Their reviews stay (the practice was added or the name refused) but no longer name them.
  await db
    .updateTable('interest_suggestions')
    .set({ reviewed_by: null })
    .where('reviewed_by', '=', userId)
    .execute();
  await db.deleteFrom('member_memberships').where('user_id', '=', userId).execute();
  await db.deleteFrom('member_roles').where('user_id', '=', userId).execute();
  await db.deleteFrom('profiles').where('user_id', '=', userId).execute();
}

export async function countProfiles(db: Kysely<ProfileOnboardingTables>): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The newest members' public fields only: never e-mails or anything else private. */
export async function newestProfiles(
  db: Kysely<ProfileOnboardingTables>,
  limit: number,
): Promise<{ user_id: string; name: string; image_url: string | null }[]> {
  return db
    .selectFrom('profiles')
    .select(['user_id', 'name', 'image_url'])
    .orderBy('created_at', 'desc')
    .orderBy('user_id', 'desc')
    .limit(limit)
    .execute();
}

/** The profile row, locked until the transaction ends: edits of one member apply one after another. */
export async function findProfileForUpdate(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

/** The profile's birth data and what was derived from it (signs, Human Design), as one stored chart sets them. */
export interface ProfileCosmic {
  birthDate: string | null;
  birthTime: string | null;
  birthLocation: string | null;
  birthLatitude: number | null;
  birthLongitude: number | null;
  sunSign: string | null;
  moonSign: string | null;
  risingSign: string | null;
  humanDesignType: string | null;
  humanDesignStrategy: string | null;
  humanDesignAuthority: string | null;
  humanDesignProfile: string | null;
}

function cosmicColumns(c: ProfileCosmic) {
  return {
    birth_date: c.birthDate,
    birth_time: c.birthTime,
    birth_location: c.birthLocation,
    birth_latitude: c.birthLatitude,
    birth_longitude: c.birthLongitude,
    sun_sign: c.sunSign,
    moon_sign: c.moonSign,
    rising_sign: c.risingSign,
    human_design_type: c.humanDesignType,
    human_design_strategy: c.humanDesignStrategy,
    human_design_authority: c.humanDesignAuthority,
    human_design_profile: c.humanDesignProfile,
  };
}

/** Sets the profile's birth data and chart columns only (a stored or removed chart; updated_at unchanged). */
export async function setProfileCosmic(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
  cosmic: ProfileCosmic,
): Promise<void> {
  await db.updateTable('profiles').set(cosmicColumns(cosmic)).where('user_id', '=', userId).execute();
}

export type ProfileChanges = Partial<{
  name: string;
  bio: string;
  imageUrl: string;
  cityId: string;
  location: string;
  languagesSpoken: string[];
  interests: string[];
  onboardingCompleted: boolean;
  notificationPreferences: Record<string, boolean>;
  privacySettings: Record<string, boolean>;
  cosmic: ProfileCosmic;
}>;

/** Writes the given fields (only those) and updated_at; the row after the change. */
export async function updateProfileFields(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
  changes: ProfileChanges,
  at: Date,
): Promise<ProfileRow | undefined> {
  const c = changes.cosmic;
  return db
    .updateTable('profiles')
    .set({
      updated_at: at,
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
      ...(changes.imageUrl !== undefined ? { image_url: changes.imageUrl } : {}),
      ...(changes.cityId !== undefined ? { city_id: changes.cityId } : {}),
      ...(changes.location !== undefined ? { location: changes.location } : {}),
      ...(changes.languagesSpoken ? { languages_spoken: JSON.stringify(changes.languagesSpoken) } : {}),
      ...(changes.interests ? { interests: JSON.stringify(changes.interests) } : {}),
      ...(changes.onboardingCompleted !== undefined
        ? { onboarding_completed: changes.onboardingCompleted }
        : {}),
      ...(changes.notificationPreferences
        ? { notification_preferences: JSON.stringify(changes.notificationPreferences) }
        : {}),
      ...(changes.privacySettings ? { privacy_settings: JSON.stringify(changes.privacySettings) } : {}),
      ...(c ? cosmicColumns(c) : {}),
    })
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Whether the member owns the photo (the photos table arrives with the photo pipeline, migration 0003). */
export async function ownsPhoto(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
  photoId: string,
): Promise<boolean | undefined> {
  try {
    const row = await db
      .selectFrom('photos')
      .select('id')
      .where('id', '=', photoId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  } catch (err) {
    // 42P01 undefined_table: the photo pipeline's migration has not run here.
    if ((err as { code?: string }).code === '42P01') return undefined;
    throw err;
  }
}
