import { sql } from 'kysely';
import type { AlbumRow, CommunityFeedDb, PhotoRow } from './tables.ts';

/** The only SQL about photos, albums and photo tags. */

export async function insertPhoto(
  db: CommunityFeedDb,
  p: { id: string; ownerId: string; storageKey: string; width: number; height: number },
): Promise<PhotoRow> {
  return db
    .insertInto('photos')
    .values({ id: p.id, owner_id: p.ownerId, storage_key: p.storageKey, width: p.width, height: p.height })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findPhoto(db: CommunityFeedDb, photoId: string): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').selectAll().where('id', '=', photoId).executeTakeFirst();
}

export async function findPhotoForUpdate(
  db: CommunityFeedDb,
  photoId: string,
): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').selectAll().where('id', '=', photoId).forUpdate().executeTakeFirst();
}

/** The member's own uploaded photos that are in no post or album yet, locked. */
export async function unusedPhotosOf(
  db: CommunityFeedDb,
  ownerId: string,
  photoIds: readonly string[],
): Promise<PhotoRow[]> {
  if (photoIds.length === 0) return [];
  return db
    .selectFrom('photos')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', 'in', [...photoIds])
    .where('post_id', 'is', null)
    .where('album_id', 'is', null)
    .forUpdate()
    .execute();
}

export async function attachPhotosToPost(
  db: CommunityFeedDb,
  postId: string,
  photoIds: readonly string[],
): Promise<void> {
  for (const [position, id] of photoIds.entries()) {
    await db.updateTable('photos').set({ post_id: postId, position }).where('id', '=', id).execute();
  }
}

export async function attachPhotoToAlbum(
  db: CommunityFeedDb,
  photoId: string,
  albumId: string,
  caption: string | null,
): Promise<PhotoRow> {
  return db
    .updateTable('photos')
    .set({ album_id: albumId, caption })
    .where('id', '=', photoId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function photosOfPosts(db: CommunityFeedDb, postIds: readonly string[]): Promise<PhotoRow[]> {
  if (postIds.length === 0) return [];
  return db
    .selectFrom('photos')
    .selectAll()
    .where('post_id', 'in', [...postIds])
    .where('hidden_at', 'is', null)
    .orderBy('position')
    .execute();
}

export async function photosOfAlbum(db: CommunityFeedDb, albumId: string): Promise<PhotoRow[]> {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('album_id', '=', albumId)
    .where('hidden_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

/** A member's photos in posts and albums, and the photos they are tagged on, newest first. */
export async function photosOfMember(db: CommunityFeedDb, userId: string): Promise<PhotoRow[]> {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('hidden_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('owner_id', '=', userId),
          eb.or([eb('post_id', 'is not', null), eb('album_id', 'is not', null)]),
        ]),
        eb('id', 'in', eb.selectFrom('photo_tags').select('photo_id').where('user_id', '=', userId)),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
}

export async function recentPhotos(
  db: CommunityFeedDb,
  before: Date | undefined,
  limit: number,
): Promise<PhotoRow[]> {
  let q = db
    .selectFrom('photos')
    .selectAll()
    .where('hidden_at', 'is', null)
    .where((eb) => eb.or([eb('post_id', 'is not', null), eb('album_id', 'is not', null)]))
    .orderBy('created_at', 'desc')
    .limit(limit);
  if (before) q = q.where('created_at', '<', before);
  return q.execute();
}

export async function setPhotoHidden(db: CommunityFeedDb, photoId: string): Promise<void> {
  await db
    .updateTable('photos')
    .set({ hidden_at: sql<Date>`now()` })
    .where('id', '=', photoId)
    .execute();
}

/** An admin hides a photo (a time) or restores it (null). */
export async function setPhotoHiddenAt(db: CommunityFeedDb, photoId: string, at: Date | null): Promise<void> {
  await db.updateTable('photos').set({ hidden_at: at }).where('id', '=', photoId).execute();
}

/** Deletes photo rows and queues their files for removal; returns the storage keys. */
export async function deletePhotos(
  db: CommunityFeedDb,
  where: { photoId: string } | { ownerId: string } | { postId: string },
): Promise<string[]> {
  let q = db.deleteFrom('photos').returning('storage_key');
  if ('photoId' in where) q = q.where('id', '=', where.photoId);
  else if ('ownerId' in where) q = q.where('owner_id', '=', where.ownerId);
  else q = q.where('post_id', '=', where.postId);
  const keys = (await q.execute()).map((r) => r.storage_key);
  await queuePhotoFiles(db, keys);
  return keys;
}

export async function queuePhotoFiles(db: CommunityFeedDb, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto('photo_deletions')
    .values(keys.map((storage_key) => ({ storage_key })))
    .onConflict((oc) => oc.column('storage_key').doNothing())
    .execute();
}

export async function pendingPhotoDeletions(db: CommunityFeedDb, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('photo_deletions')
    .select('storage_key')
    .orderBy('queued_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.storage_key);
}

export async function completePhotoDeletion(db: CommunityFeedDb, key: string): Promise<void> {
  await db.deleteFrom('photo_deletions').where('storage_key', '=', key).execute();
}

// Tags.

export async function tagsOfPhotos(
  db: CommunityFeedDb,
  photoIds: readonly string[],
): Promise<{ photo_id: string; user_id: string; tagged_by: string; created_at: Date }[]> {
  if (photoIds.length === 0) return [];
  return db
    .selectFrom('photo_tags')
    .selectAll()
    .where('photo_id', 'in', [...photoIds])
    .orderBy('created_at')
    .execute();
}

/** Adds the tag; false when it was there already. */
export async function insertTag(
  db: CommunityFeedDb,
  photoId: string,
  userId: string,
  taggedBy: string,
): Promise<boolean> {
  const rows = await db
    .insertInto('photo_tags')
    .values({ photo_id: photoId, user_id: userId, tagged_by: taggedBy })
    .onConflict((oc) => oc.columns(['photo_id', 'user_id']).doNothing())
    .returning('photo_id')
    .execute();
  return rows.length > 0;
}

export async function deleteTag(db: CommunityFeedDb, photoId: string, userId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('photo_tags')
    .where('photo_id', '=', photoId)
    .where('user_id', '=', userId)
    .returning('photo_id')
    .execute();
  return rows.length > 0;
}

export async function deleteTagsOf(db: CommunityFeedDb, userId: string): Promise<void> {
  await db
    .deleteFrom('photo_tags')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('tagged_by', '=', userId)]))
    .execute();
}

// Albums.

export async function insertAlbum(
  db: CommunityFeedDb,
  a: { id: string; ownerId: string; title: string; description: string | null },
): Promise<AlbumRow> {
  return db
    .insertInto('albums')
    .values({ id: a.id, owner_id: a.ownerId, title: a.title, description: a.description })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findAlbum(db: CommunityFeedDb, albumId: string): Promise<AlbumRow | undefined> {
  return db.selectFrom('albums').selectAll().where('id', '=', albumId).executeTakeFirst();
}

export async function listAlbums(db: CommunityFeedDb): Promise<AlbumRow[]> {
  return db.selectFrom('albums').selectAll().orderBy('created_at', 'desc').limit(200).execute();
}

export async function albumStats(
  db: CommunityFeedDb,
  albumIds: readonly string[],
): Promise<Map<string, { count: number; cover: string | null }>> {
  if (albumIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('photos')
    .select([
      'album_id',
      sql<number>`count(*)::int`.as('count'),
      sql<string | null>`(array_agg(storage_key order by created_at))[1]`.as('cover'),
    ])
    .where('album_id', 'in', [...albumIds])
    .where('hidden_at', 'is', null)
    .groupBy('album_id')
    .execute();
  return new Map(rows.map((r) => [r.album_id!, { count: r.count, cover: r.cover }]));
}

export async function albumNames(
  db: CommunityFeedDb,
  albumIds: readonly string[],
): Promise<Map<string, string>> {
  if (albumIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('albums')
    .select(['id', 'title'])
    .where('id', 'in', [...albumIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

export async function deleteAlbumsOf(db: CommunityFeedDb, ownerId: string): Promise<void> {
  await db.deleteFrom('albums').where('owner_id', '=', ownerId).execute();
}
