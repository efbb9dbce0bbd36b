import type { Kysely } from 'kysely';
import { typed } from './tables.ts';

/** The only place that speaks SQL about photos. Every function takes ctx.db or a transaction's trx. */

export interface NewPhoto {
  id: string;
  userId: string;
  storageKey: string;
  width: number;
  height: number;
  faceCount: number;
}

export async function insertPhoto(db: Kysely<any>, photo: NewPhoto): Promise<void> {
  await typed(db)
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

/** The member's own photo, or undefined (another member's photo is never returned). */
export async function findMemberPhoto(
  db: Kysely<any>,
  userId: string,
  photoId: string,
): Promise<{ id: string; storage_key: string } | undefined> {
  return typed(db)
    .selectFrom('photos')
    .select(['id', 'storage_key'])
    .where('id', '=', photoId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Sets the profile's photo; false when the member has no profile. */
export async function setProfileImageUrl(
  db: Kysely<any>,
  userId: string,
  imageUrl: string,
): Promise<boolean> {
  const result = await typed(db)
    .updateTable('profiles')
    .set({ image_url: imageUrl, updated_at: new Date() })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the member's photo rows and queues their files for deletion from storage. */
export async function forgetMemberPhotos(db: Kysely<any>, userId: string): Promise<number> {
  const deleted = await typed(db)
    .deleteFrom('photos')
    .where('user_id', '=', userId)
    .returning('storage_key')
    .execute();
  if (deleted.length === 0) return 0;
  await typed(db)
    .insertInto('photo_deletions')
    .values(deleted.map((row) => ({ storage_key: row.storage_key })))
    .onConflict((oc) => oc.column('storage_key').doNothing())
    .execute();
  return deleted.length;
}

export async function pendingPhotoDeletions(db: Kysely<any>, limit: number): Promise<string[]> {
  const rows = await typed(db)
    .selectFrom('photo_deletions')
    .select('storage_key')
    .orderBy('queued_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.storage_key);
}

export async function completePhotoDeletion(db: Kysely<any>, storageKey: string): Promise<void> {
  await typed(db).deleteFrom('photo_deletions').where('storage_key', '=', storageKey).execute();
}
