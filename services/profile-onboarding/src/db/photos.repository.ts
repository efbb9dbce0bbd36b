import { sql, type Kysely } from 'kysely';
import type { ProfileOnboardingTables } from './tables.ts';

/** The only place that speaks SQL about photos. Every function takes ctx.db or a transaction's trx. */

export interface NewPhoto {
  id: string;
  userId: string;
  storageKey: string;
  width: number;
  height: number;
  faceCount: number;
}

export async function insertPhoto(db: Kysely<ProfileOnboardingTables>, photo: NewPhoto): Promise<void> {
  await db
    .insertInto('photos')
    .values({
      id: photo.id,
      user_id: photo.userId,
      storage_key: photo.storageKey,
      width: photo.width,
      height: photo.height,
      face_count: photo.faceCount,
    })
    .execute();
}

/**
 * The member's own photo, or undefined (another member's photo is never returned). `forUpdate` locks it
 * until the transaction ends, so the clean-up of replaced photos cannot delete it meanwhile.
 */
export async function findMemberPhoto(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
  photoId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<{ id: string; storage_key: string } | undefined> {
  let query = db
    .selectFrom('photos')
    .select(['id', 'storage_key'])
    .where('id', '=', photoId)
    .where('user_id', '=', userId);
  if (opts.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Marks when the photo stopped being (or, with null, became again) its member's profile photo. */
export async function markPhotoReplaced(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
  photoId: string,
  at: Date | null,
): Promise<void> {
  let query = db
    .updateTable('photos')
    .set({ replaced_at: at })
    .where('id', '=', photoId)
    .where('user_id', '=', userId);
  query = at === null ? query.where('replaced_at', 'is not', null) : query.where('replaced_at', 'is', null);
  await query.execute();
}

/**
 * Deletes replaced photos whose retention has passed and that nothing refers to any more (no profile's
 * image_url, not the owner's onboarding draft), and queues their files for deletion. Rows another
 * transaction holds (a member making the photo current again) are skipped. Returns how many.
 */
export async function forgetReplacedPhotos(
  db: Kysely<ProfileOnboardingTables>,
  urlPrefix: string,
  replacedBefore: Date,
  limit: number,
): Promise<number> {
  // Query builder only (no table names in raw SQL): the embedded topology qualifies tables through a plugin.
  const t = db;
  const urlOf = sql<string>`${urlPrefix} || ${sql.ref('p.storage_key')}`;
  const candidates = t
    .selectFrom('photos as p')
    .select('p.id')
    .where('p.replaced_at', 'is not', null)
    .where('p.replaced_at', '<=', replacedBefore)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('profiles').select('profiles.user_id').where('profiles.image_url', '=', urlOf))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('onboarding_drafts as d')
            .select('d.user_id')
            .whereRef('d.user_id', '=', 'p.user_id')
            .where(sql<string>`${sql.ref('d.data')} ->> 'imageUrl'`, '=', urlOf),
        ),
      ),
    )
    .orderBy('p.replaced_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const deleted = await t
    .deleteFrom('photos')
    .where('id', 'in', candidates)
    .returning('storage_key')
    .execute();
  for (const row of deleted) await queuePhotoDeletion(db, row.storage_key);
  return deleted.length;
}

/** Queues a file for the deletion sweep (once). */
export async function queuePhotoDeletion(
  db: Kysely<ProfileOnboardingTables>,
  storageKey: string,
): Promise<void> {
  await db
    .insertInto('photo_deletions')
    .values({ storage_key: storageKey })
    .onConflict((oc) => oc.column('storage_key').doNothing())
    .execute();
}

/** Sets the profile's photo; false when the member has no profile. */
export async function setProfileImageUrl(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
  imageUrl: string,
): Promise<boolean> {
  const result = await db
    .updateTable('profiles')
    .set({ image_url: imageUrl, updated_at: new Date() })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the member's photo rows and queues their files for deletion from storage. */
export async function forgetMemberPhotos(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
): Promise<number> {
  const deleted = await db
    .deleteFrom('photos')
    .where('user_id', '=', userId)
    .returning('storage_key')
    .execute();
  if (deleted.length === 0) return 0;
  await db
    .insertInto('photo_deletions')
    .values(deleted.map((row) => ({ storage_key: row.storage_key })))
    .onConflict((oc) => oc.column('storage_key').doNothing())
    .execute();
  return deleted.length;
}

export async function pendingPhotoDeletions(
  db: Kysely<ProfileOnboardingTables>,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('photo_deletions')
    .select('storage_key')
    .orderBy('queued_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.storage_key);
}

export async function completePhotoDeletion(
  db: Kysely<ProfileOnboardingTables>,
  storageKey: string,
): Promise<void> {
  await db.deleteFrom('photo_deletions').where('storage_key', '=', storageKey).execute();
}
