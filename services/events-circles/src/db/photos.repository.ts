import type { EventsCirclesDb } from './tables.ts';

/* Uploaded cover images (the files live in photo storage under `<id>.jpg`). */

export async function insertPhoto(
  db: EventsCirclesDb,
  p: { id: string; ownerId: string; storageKey: string; width: number; height: number },
) {
  return db
    .insertInto('photos')
    .values({ id: p.id, owner_id: p.ownerId, storage_key: p.storageKey, width: p.width, height: p.height })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findPhoto(db: EventsCirclesDb, id: string) {
  return db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function photosOf(db: EventsCirclesDb, ownerId: string) {
  return db.selectFrom('photos').selectAll().where('owner_id', '=', ownerId).execute();
}

export async function deletePhotosOf(db: EventsCirclesDb, ownerId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('photos')
    .where('owner_id', '=', ownerId)
    .returning('storage_key')
    .execute();
  return rows.map((r) => r.storage_key);
}
