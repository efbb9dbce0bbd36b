import { randomUUID } from 'node:crypto';
import type { CoverPhoto } from '@mer/contracts';
import { notAnImage, notFound } from '@mer/service-runtime';
import { prepareUploadedPhoto } from '@mer/service-runtime/photo-storage';
import { insertPhoto } from '../db/photos.repository.ts';
import type { EventsCirclesDeps } from '../deps.ts';
import { lockLiveMember, requireContributor, type Viewer } from './access.ts';
import { coverUrl } from './present.ts';

/**
 * A cover image for a circle or an event: sniffed, bounded, re-encoded without metadata (the runtime's photo
 * storage, as community-feed does), stored under a random name. Only paid members may upload.
 */
export async function uploadCover(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  body: unknown,
): Promise<CoverPhoto> {
  await deps.transaction((tx) => requireContributor(deps, tx, viewer));
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
    await deps.transaction(async (tx) => {
      await lockLiveMember(tx, viewer.userId);
      await insertPhoto(tx.trx, {
        id,
        ownerId: viewer.userId,
        storageKey,
        width: photo.width,
        height: photo.height,
      });
    });
  } catch (err) {
    await deps.photoStorage.delete(storageKey).catch(() => undefined);
    throw err;
  }
  return { photoId: id, imageUrl: coverUrl(id)!, width: photo.width, height: photo.height };
}

export async function readCoverFile(
  deps: Pick<EventsCirclesDeps, 'photoStorage'>,
  fileName: string,
): Promise<Buffer> {
  const bytes = await deps.photoStorage.get(fileName);
  if (!bytes) throw notFound('Photo not found.');
  return bytes;
}
