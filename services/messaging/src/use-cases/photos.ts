import { randomUUID } from 'node:crypto';
import { messagingRoutes, MessagingTexts, type MessagingPhoto } from '@mer/contracts';
import { authenticationError, invalidData, notAnImage, notFound } from '@mer/service-runtime';
import { prepareUploadedPhoto } from '@mer/service-runtime/photo-storage';
import {
  completePhotoDeletion,
  deletePhotos,
  findUnsentPhotoForUpdate,
  insertPhoto,
  pendingPhotoDeletions,
} from '../db/photos.repository.ts';
import type { MessagePhotoRow } from '../db/tables.ts';
import type { MessagingDeps, MessagingTx } from '../deps.ts';
import { assertActiveMembership } from './memberships.ts';

/** How often queued photo files leave storage, and unsent uploads are given up (the start hook's timer). */
export const PHOTO_SWEEP_INTERVAL_MS = 5_000;
/** An upload not sent within this long is removed (the member left the conversation view, or the send failed). */
export const UNSENT_PHOTO_TTL_MS = 24 * 3_600_000;

const PHOTO_FILES_PATH = messagingRoutes.photoFile.path.replace(':fileName', '');
export const photoUrl = (storageKey: string) => `${PHOTO_FILES_PATH}${storageKey}`;

const toPhoto = (row: MessagePhotoRow): MessagingPhoto => ({
  id: row.id,
  url: photoUrl(row.storage_key),
  width: row.width,
  height: row.height,
});

/**
 * The photo of a message to come: sniffed from its bytes, bounded, re-encoded without metadata, stored under a
 * random name and recorded as the member's unsent photo. Only members who may send (an active membership) upload;
 * a refused image is never stored.
 */
export async function uploadPhoto(
  deps: MessagingDeps,
  memberId: string,
  body: unknown,
): Promise<MessagingPhoto> {
  await deps.transaction(async (tx) => {
    await liveMember(tx, memberId);
    await assertActiveMembership(tx.trx, memberId);
  });
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
      await liveMember(tx, memberId);
      return insertPhoto(tx.trx, {
        id,
        ownerId: memberId,
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

async function liveMember(tx: MessagingTx, memberId: string): Promise<void> {
  await tx.members.lock(memberId);
  if (await tx.members.isErased(memberId)) throw authenticationError();
}

/**
 * The sender's unsent photo a send takes (locked in the send's transaction); another member's photo, or one already
 * sent, is refused as not found.
 */
export async function takeUnsentPhoto(
  tx: MessagingTx,
  memberId: string,
  photoId: string,
): Promise<MessagePhotoRow> {
  const photo = await findUnsentPhotoForUpdate(tx.trx, memberId, photoId);
  if (!photo) throw invalidData('Invalid Data', MessagingTexts.photoNotFound, 'photoId');
  return photo;
}

export async function readPhotoFile(
  deps: Pick<MessagingDeps, 'photoStorage'>,
  fileName: string,
): Promise<Buffer> {
  const bytes = await deps.photoStorage.get(fileName);
  if (!bytes) throw notFound();
  return bytes;
}

/** Gives up unsent uploads, then removes queued photo files from storage; what fails stays queued. */
export async function sweepPhotoFiles(deps: Pick<MessagingDeps, 'db' | 'photoStorage'>): Promise<void> {
  await deletePhotos(deps.db, { unsentBefore: new Date(Date.now() - UNSENT_PHOTO_TTL_MS) });
  for (const key of await pendingPhotoDeletions(deps.db, 100)) {
    await deps.photoStorage.delete(key);
    await completePhotoDeletion(deps.db, key);
  }
}
