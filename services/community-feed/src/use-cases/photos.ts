import { randomUUID } from 'node:crypto';
import {
  COMMENT_MAX_LENGTH,
  DISCUSSION_TITLE_MAX_LENGTH,
  FeedPhotoTagged,
  REPORT_REASON_MAX_LENGTH,
  type Album,
  type FeedPhoto,
  type MemberPhoto,
} from '@mer/contracts';
import { invalidData, notAnImage, notFound, permissionDenied } from '@mer/service-runtime';
import { prepareUploadedPhoto } from '@mer/service-runtime/photo-storage';
import { findMembers, hiddenAuthorsFor } from '../db/members.repository.ts';
import {
  albumNames,
  albumStats,
  attachPhotoToAlbum,
  completePhotoDeletion,
  deletePhotos,
  deleteTag,
  findAlbum,
  findPhoto,
  insertAlbum,
  insertPhoto,
  insertTag,
  listAlbums,
  pendingPhotoDeletions,
  photosOfAlbum,
  photosOfMember,
  recentPhotos,
  unusedPhotosOf,
} from '../db/photos.repository.ts';
import type { AlbumRow, PhotoRow } from '../db/tables.ts';
import type { CommunityFeedDeps } from '../deps.ts';
import { lockLiveMember, requireContributor, type Viewer } from './access.ts';
import { cleanMemberText } from './member-text.ts';
import { photoUrl, presentPhotos, toMember, toPhoto } from './present.ts';

/** How often queued photo files are removed from storage (the start hook's timer). */
export const PHOTO_SWEEP_INTERVAL_MS = 5_000;

/**
 * An upload for a post or an album: sniffed, bounded, re-encoded without metadata, stored under a random name,
 * recorded as the member's unused photo. Only contributors may upload; refused images are never stored.
 */
export async function uploadPhoto(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  body: unknown,
): Promise<FeedPhoto> {
  await deps.transaction((tx) => requireContributor(tx, viewer));
  if (!Buffer.isBuffer(body) || body.length === 0) throw notAnImage();
  const photo = await prepareUploadedPhoto(body, {
    maxInputPixels: deps.config.PHOTO_MAX_INPUT_PIXELS,
    maxSide: deps.config.PHOTO_MAX_SIDE,
  });
  const id = randomUUID();
  const storageKey = `${id}.jpg`;
  // Stored before the transaction: a network call never holds one open.
  await deps.photoStorage.put(storageKey, photo.jpeg, 'image/jpeg');
  try {
    const row = await deps.transaction(async (tx) => {
      await lockLiveMember(tx, viewer.userId);
      return insertPhoto(tx.trx, {
        id,
        ownerId: viewer.userId,
        storageKey,
        width: photo.width,
        height: photo.height,
      });
    });
    return toPhoto(row);
  } catch (err) {
    await deps.photoStorage.delete(storageKey).catch(() => undefined);
    throw err;
  }
}

export async function readPhotoFile(
  deps: Pick<CommunityFeedDeps, 'photoStorage'>,
  fileName: string,
): Promise<Buffer> {
  const bytes = await deps.photoStorage.get(fileName);
  if (!bytes) throw notFound();
  return bytes;
}

/** Removes queued photo files from storage; what fails stays queued for the next sweep. */
export async function sweepPhotoFiles(deps: Pick<CommunityFeedDeps, 'db' | 'photoStorage'>): Promise<void> {
  for (const key of await pendingPhotoDeletions(deps.db, 100)) {
    await deps.photoStorage.delete(key);
    await completePhotoDeletion(deps.db, key);
  }
}

const withoutHidden = async (deps: Pick<CommunityFeedDeps, 'db'>, viewer: Viewer, rows: PhotoRow[]) => {
  const hidden = await hiddenAuthorsFor(deps.db, viewer.userId);
  return presentPhotos(
    deps.db,
    rows.filter((r) => !hidden.has(r.owner_id)),
  );
};

export async function memberPhotos(deps: Pick<CommunityFeedDeps, 'db'>, viewer: Viewer, userId: string) {
  return { photos: await withoutHidden(deps, viewer, await photosOfMember(deps.db, userId)) };
}

export async function communityPhotos(
  deps: Pick<CommunityFeedDeps, 'db'>,
  viewer: Viewer,
  q: { before?: string; limit?: number },
) {
  const rows = await recentPhotos(deps.db, q.before ? new Date(q.before) : undefined, q.limit ?? 40);
  return { photos: await withoutHidden(deps, viewer, rows) };
}

export async function deletePhoto(deps: CommunityFeedDeps, viewer: Viewer, photoId: string): Promise<void> {
  await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const photo = await findPhoto(tx.trx, photoId);
    if (!photo) throw notFound();
    if (photo.owner_id !== viewer.userId && !viewer.moderator)
      throw permissionDenied('Only the owner can delete this photo.');
    await deletePhotos(tx.trx, { photoId });
  });
}

async function onePhoto(deps: Pick<CommunityFeedDeps, 'db'>, photoId: string): Promise<MemberPhoto> {
  const photo = await findPhoto(deps.db, photoId);
  if (!photo) throw notFound();
  const [presented] = await presentPhotos(deps.db, [photo]);
  return presented!;
}

/** The photo's owner tags a member (published once per new tag). */
export async function tagMember(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  photoId: string,
  userId: string,
): Promise<MemberPhoto> {
  await deps.transaction(async (tx) => {
    await requireContributor(tx, viewer);
    const photo = await findPhoto(tx.trx, photoId);
    if (!photo || photo.hidden_at) throw notFound();
    if (photo.owner_id !== viewer.userId)
      throw permissionDenied('Only the owner of the photo can tag members on it.');
    if (!(await findMembers(tx.trx, [userId])).has(userId))
      throw invalidData('Invalid Data', 'This member could not be found.', 'userId');
    if (await insertTag(tx.trx, photoId, userId, viewer.userId)) {
      const albums = photo.album_id ? await albumNames(tx.trx, [photo.album_id]) : new Map<string, string>();
      await tx.publish(FeedPhotoTagged, {
        photoId,
        taggedUserId: userId,
        byUserId: viewer.userId,
        albumId: photo.album_id,
        albumName: photo.album_id ? (albums.get(photo.album_id) ?? null) : null,
      });
    }
  });
  return onePhoto(deps, photoId);
}

/** The tagged member, or the photo's owner, removes a tag. */
export async function removeTag(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  photoId: string,
  userId: string,
): Promise<void> {
  await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const photo = await findPhoto(tx.trx, photoId);
    if (!photo) throw notFound();
    if (userId !== viewer.userId && photo.owner_id !== viewer.userId && !viewer.moderator)
      throw permissionDenied('Only the tagged member or the owner of the photo can remove this tag.');
    if (!(await deleteTag(tx.trx, photoId, userId))) throw notFound();
  });
}

// Albums.

async function presentAlbums(deps: Pick<CommunityFeedDeps, 'db'>, rows: AlbumRow[]): Promise<Album[]> {
  const [stats, members] = await Promise.all([
    albumStats(
      deps.db,
      rows.map((r) => r.id),
    ),
    findMembers(
      deps.db,
      rows.map((r) => r.owner_id),
    ),
  ]);
  return rows.map((r) => {
    const s = stats.get(r.id);
    return {
      id: r.id,
      owner: toMember(r.owner_id, members),
      title: r.title,
      description: r.description,
      photoCount: s?.count ?? 0,
      coverUrl: s?.cover ? photoUrl(s.cover) : null,
      createdAt: r.created_at.toISOString(),
    };
  });
}

export async function albums(
  deps: Pick<CommunityFeedDeps, 'db'>,
  viewer: Viewer,
): Promise<{ albums: Album[] }> {
  const hidden = await hiddenAuthorsFor(deps.db, viewer.userId);
  return {
    albums: await presentAlbums(
      deps,
      (await listAlbums(deps.db)).filter((a) => !hidden.has(a.owner_id)),
    ),
  };
}

export async function createAlbum(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  body: { title: string; description?: string },
): Promise<Album> {
  const title = await cleanMemberText(deps, viewer.userId, 'album.title', body.title, {
    maxLength: DISCUSSION_TITLE_MAX_LENGTH,
    html: false,
    required: true,
  });
  const description =
    body.description === undefined
      ? null
      : await cleanMemberText(deps, viewer.userId, 'album.description', body.description, {
          maxLength: COMMENT_MAX_LENGTH,
          html: false,
          required: false,
        });
  const row = await deps.transaction(async (tx) => {
    await requireContributor(tx, viewer);
    return insertAlbum(tx.trx, {
      id: randomUUID(),
      ownerId: viewer.userId,
      title,
      description: description || null,
    });
  });
  const [album] = await presentAlbums(deps, [row]);
  return album!;
}

export async function album(deps: Pick<CommunityFeedDeps, 'db'>, viewer: Viewer, albumId: string) {
  const row = await findAlbum(deps.db, albumId);
  if (!row || (await hiddenAuthorsFor(deps.db, viewer.userId)).has(row.owner_id)) throw notFound();
  const [presented] = await presentAlbums(deps, [row]);
  return {
    album: presented!,
    photos: await withoutHidden(deps, viewer, await photosOfAlbum(deps.db, albumId)),
  };
}

export async function addAlbumPhoto(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  albumId: string,
  body: { photoId: string; caption?: string },
): Promise<MemberPhoto> {
  const caption =
    body.caption === undefined
      ? null
      : await cleanMemberText(deps, viewer.userId, 'photo.caption', body.caption, {
          maxLength: REPORT_REASON_MAX_LENGTH,
          html: false,
          required: false,
        });
  await deps.transaction(async (tx) => {
    await requireContributor(tx, viewer);
    const row = await findAlbum(tx.trx, albumId);
    if (!row) throw notFound();
    if (row.owner_id !== viewer.userId)
      throw permissionDenied('Only the owner of the album can add photos to it.');
    const [photo] = await unusedPhotosOf(tx.trx, viewer.userId, [body.photoId]);
    if (!photo)
      throw invalidData(
        'Invalid Data',
        'This photo is not yours or is already used; please upload it again.',
        'photoId',
      );
    await attachPhotoToAlbum(tx.trx, photo.id, albumId, caption || null);
  });
  return onePhoto(deps, body.photoId);
}
