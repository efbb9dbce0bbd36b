import type { MessagePhotoRow, MessagingDb } from './tables.ts';

/** SQL about uploaded message photos and the queue of photo files to remove from storage. */

export async function insertPhoto(
  db: MessagingDb,
  p: { id: string; ownerId: string; storageKey: string; width: number; height: number },
): Promise<MessagePhotoRow> {
  return db
    .insertInto('message_photos')
    .values({
      id: p.id,
      owner_id: p.ownerId,
      storage_key: p.storageKey,
      width: p.width,
      height: p.height,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The owner's photo, locked, while no message holds it yet (a send takes it). */
export async function findUnsentPhotoForUpdate(
  db: MessagingDb,
  ownerId: string,
  photoId: string,
): Promise<MessagePhotoRow | undefined> {
  return db
    .selectFrom('message_photos')
    .selectAll()
    .where('id', '=', photoId)
    .where('owner_id', '=', ownerId)
    .where('message_id', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function attachPhoto(db: MessagingDb, photoId: string, messageId: string): Promise<void> {
  await db.updateTable('message_photos').set({ message_id: messageId }).where('id', '=', photoId).execute();
}

/** Removes the photo rows (of a message, of an owner, or unsent since before `unsentBefore`), queueing their files. */
export async function deletePhotos(
  db: MessagingDb,
  which: { messageId: string } | { ownerId: string } | { unsentBefore: Date },
): Promise<number> {
  let query = db.deleteFrom('message_photos');
  if ('messageId' in which) query = query.where('message_id', '=', which.messageId);
  else if ('ownerId' in which) query = query.where('owner_id', '=', which.ownerId);
  else query = query.where('message_id', 'is', null).where('created_at', '<', which.unsentBefore);
  const removed = await query.returning('storage_key').execute();
  if (removed.length > 0) {
    await db
      .insertInto('photo_deletions')
      .values(removed.map((r) => ({ storage_key: r.storage_key })))
      .onConflict((oc) => oc.column('storage_key').doNothing())
      .execute();
  }
  return removed.length;
}

export async function pendingPhotoDeletions(db: MessagingDb, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('photo_deletions')
    .select('storage_key')
    .orderBy('queued_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.storage_key);
}

export async function completePhotoDeletion(db: MessagingDb, key: string): Promise<void> {
  await db.deleteFrom('photo_deletions').where('storage_key', '=', key).execute();
}
