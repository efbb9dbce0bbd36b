import { randomUUID } from 'node:crypto';
import { PhotoUpdated, type ProfilePhoto, type UploadedPhoto } from '@mer/contracts';
import { DomainError, notAnImage, notFound } from '@mer/service-runtime';
import { preparePhoto } from '../adapters/photo-processing.ts';
import {
  completePhotoDeletion,
  findMemberPhoto,
  forgetMemberPhotos,
  forgetReplacedPhotos,
  insertPhoto,
  markPhotoReplaced,
  pendingPhotoDeletions,
  queuePhotoDeletion,
  setProfileImageUrl,
} from '../db/photos.repository.ts';
import { findProfileForUpdate } from '../db/profiles.repository.ts';
import type { ProfileOnboardingDeps, ProfileOnboardingTx } from '../deps.ts';
import { lockLiveMember } from './live-member.ts';

export const PHOTO_URL_PREFIX = '/api/v1/profile-onboarding/photos/';
export const photoUrl = (storageKey: string) => `${PHOTO_URL_PREFIX}${storageKey}`;

/** How often replaced photos are retired and queued photo files are removed from storage (the start hook's timer). */
export const PHOTO_SWEEP_INTERVAL_MS = 5_000;

type PhotoDeps = Pick<
  ProfileOnboardingDeps,
  'db' | 'transaction' | 'photoStorage' | 'faceDetector' | 'config'
>;

const faceError = (message: string) =>
  new DomainError('invalid_data', { status: 422, title: 'Face not detected', message });

/**
 * A member's upload: checked, re-encoded, face-checked, then stored under a random name. Refused
 * photos are never stored.
 */
export async function uploadPhoto(deps: PhotoDeps, userId: string, body: unknown): Promise<UploadedPhoto> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw notAnImage();
  const photo = await preparePhoto(body, deps.config.PHOTO_MAX_INPUT_PIXELS);
  const faceCount = await deps.faceDetector.countFaces(photo.detectionInput);
  if (faceCount === 0) throw faceError('Please upload a photo showing your face clearly.');
  if (faceCount > 1) throw faceError('Please upload a photo with only yourself (multiple faces detected).');

  const photoId = randomUUID();
  const storageKey = `${photoId}.jpg`;
  // Stored before the transaction: a network call never holds one open.
  await deps.photoStorage.put(storageKey, photo.jpeg, 'image/jpeg');
  try {
    // Under the member's lock, so an account deletion handled meanwhile either sees this row (and
    // deletes it with the rest) or has happened already (then no row is added: a token outlives its
    // account by up to 10 minutes).
    await deps.transaction(async (tx) => {
      await lockLiveMember(tx, userId);
      await insertPhoto(tx.trx, {
        id: photoId,
        userId,
        storageKey,
        width: photo.width,
        height: photo.height,
        faceCount,
      });
    });
  } catch (err) {
    // No row refers to the file: it goes now, or through the deletion queue if storage fails.
    await deps.photoStorage.delete(storageKey).catch(() => queuePhotoDeletion(deps.db, storageKey));
    throw err;
  }
  return { photoId, imageUrl: photoUrl(storageKey), width: photo.width, height: photo.height, faceCount: 1 };
}

/** A stored photo's bytes (404 Item Not Found for an unknown or deleted one). */
export async function readPhoto(
  { photoStorage }: Pick<ProfileOnboardingDeps, 'photoStorage'>,
  fileName: string,
): Promise<Buffer> {
  const bytes = await photoStorage.get(fileName);
  if (!bytes) throw notFound();
  return bytes;
}

/** Makes one of the member's own photos their profile photo and announces it; the previous one is retired. */
export async function setProfilePhoto(
  deps: Pick<ProfileOnboardingDeps, 'transaction'>,
  userId: string,
  photoId: string,
): Promise<ProfilePhoto> {
  return deps.transaction(async (tx) => {
    const profile = await findProfileForUpdate(tx.trx, userId);
    // Another member's photo id answers exactly like an unknown one.
    const photo = await findMemberPhoto(tx.trx, userId, photoId, { forUpdate: true });
    if (!photo) throw notFound('The requested photo could not be found.');
    if (!profile) throw notFound();
    const imageUrl = photoUrl(photo.storage_key);
    await setProfileImageUrl(tx.trx, userId, imageUrl);
    await switchProfilePhoto(tx, userId, profile.image_url, imageUrl);
    await tx.publish(PhotoUpdated, { userId, photoId, imageUrl, updatedAt: new Date().toISOString() });
    return { imageUrl };
  });
}

/** The photo id in one of our photo URLs, or undefined. */
function photoIdIn(imageUrl: string | null): string | undefined {
  if (!imageUrl?.startsWith(PHOTO_URL_PREFIX)) return undefined;
  return /^([0-9a-f-]{36})\.jpg$/.exec(imageUrl.slice(PHOTO_URL_PREFIX.length))?.[1];
}

/**
 * Inside the transaction that changes the member's image_url (profile row locked): the previous photo
 * is marked replaced (its row and file go once nothing refers to it and the retention passed, see
 * retireReplacedPhotos), and the new one is current again if it had been replaced before.
 */
export async function switchProfilePhoto(
  tx: ProfileOnboardingTx,
  userId: string,
  previousUrl: string | null,
  newUrl: string,
): Promise<void> {
  if (previousUrl === newUrl) return;
  const previousId = photoIdIn(previousUrl);
  if (previousId) await markPhotoReplaced(tx.trx, userId, previousId, new Date());
  const newId = photoIdIn(newUrl);
  if (newId) await markPhotoReplaced(tx.trx, userId, newId, null);
}

/**
 * Replaced photos whose retention passed and that nothing refers to: rows deleted, files queued for
 * the deletion sweep. Returns how many.
 */
export async function retireReplacedPhotos(
  deps: Pick<ProfileOnboardingDeps, 'transaction'>,
  retentionSeconds: number,
  batch = 100,
): Promise<number> {
  const before = new Date(Date.now() - retentionSeconds * 1000);
  return deps.transaction((tx) => forgetReplacedPhotos(tx.trx, PHOTO_URL_PREFIX, before, batch));
}

/**
 * Whether imageUrl is a photo this service stored for this member (onboarding completion accepts
 * only such a URL as the profile photo).
 */
export async function isMemberPhotoUrl(
  { db }: Pick<ProfileOnboardingDeps, 'db'>,
  userId: string,
  imageUrl: string,
): Promise<boolean> {
  const photoId = photoIdIn(imageUrl);
  if (!photoId) return false;
  const photo = await findMemberPhoto(db, userId, photoId);
  return photo?.storage_key === `${photoId}.jpg`;
}

/** Part of a member's deletion (inside its transaction): rows go now, files via the sweep. */
export async function deleteMemberPhotos(tx: ProfileOnboardingTx, userId: string): Promise<void> {
  await forgetMemberPhotos(tx.trx, userId);
}

/**
 * Deletes queued files from storage; each key leaves the queue only once the storage confirmed.
 * Returns how many were deleted.
 */
export async function sweepPhotoDeletions(
  { db, photoStorage }: Pick<ProfileOnboardingDeps, 'db' | 'photoStorage'>,
  batch = 100,
): Promise<number> {
  let done = 0;
  for (const key of await pendingPhotoDeletions(db, batch)) {
    await photoStorage.delete(key);
    await completePhotoDeletion(db, key);
    done++;
  }
  return done;
}

/**
 * One round of the photo clean-up (the start hook runs it every PHOTO_SWEEP_INTERVAL_MS). Each step on its own:
 * a failing retirement never holds back the deletion of a deleted member's files.
 */
export async function sweepPhotos(
  deps: Pick<ProfileOnboardingDeps, 'db' | 'transaction' | 'photoStorage' | 'config' | 'log'>,
): Promise<void> {
  await retireReplacedPhotos(deps, deps.config.PHOTO_REPLACED_RETENTION_SECONDS).catch((err: unknown) =>
    deps.log.warn({ err }, 'retiring replaced photos failed; retrying later'),
  );
  await sweepPhotoDeletions(deps).catch((err: unknown) =>
    deps.log.warn({ err }, 'photo deletion sweep failed; retrying later'),
  );
}
