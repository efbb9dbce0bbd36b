import { randomUUID } from 'node:crypto';
import { PhotoUpdated, type ProfilePhoto, type UploadedPhoto } from '@mer/contracts';
import { DomainError, notFound, type ServiceContext } from '@mer/service-runtime';
import type { Kysely } from 'kysely';
import type { ProfileOnboardingConfig } from '../config.ts';
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
import { findProfileForUpdate, isMemberErased, lockMember } from '../db/profiles.repository.ts';
import { WorkerFaceDetector, type FaceDetector } from '../adapters/face-detector.ts';
import { notAnImage, preparePhoto } from '../adapters/photo-processing.ts';
import { LocalPhotoStorage, S3PhotoStorage, type PhotoStorage } from '../adapters/photo-storage.ts';

export const PHOTO_URL_PREFIX = '/api/v1/profile-onboarding/photos/';
export const photoUrl = (storageKey: string) => `${PHOTO_URL_PREFIX}${storageKey}`;

/** What the photo use cases need besides the database: where files go and the face check. */
export interface PhotoPipeline {
  storage: PhotoStorage;
  detector: FaceDetector;
  maxInputPixels: number;
}

/** Local files unless S3_BUCKET is set (then every S3 setting is required). */
export function photoStorageFrom(config: ProfileOnboardingConfig): PhotoStorage {
  if (!config.S3_BUCKET) return new LocalPhotoStorage(config.PHOTO_STORAGE_DIR);
  const { S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_ENDPOINT || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'S3_BUCKET is set: S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too',
    );
  }
  return new S3PhotoStorage({
    endpoint: S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  });
}

export function createPhotoPipeline(config: ProfileOnboardingConfig): PhotoPipeline {
  return {
    storage: photoStorageFrom(config),
    detector: new WorkerFaceDetector(config.FACE_DETECTION_WORKERS),
    maxInputPixels: config.PHOTO_MAX_INPUT_PIXELS,
  };
}

const faceError = (message: string) =>
  new DomainError('invalid_data', { status: 422, title: 'Face not detected', message });

/**
 * A member's upload: checked, re-encoded, face-checked, then stored under a random name. Refused
 * photos are never stored.
 */
export async function uploadPhoto(
  ctx: ServiceContext<ProfileOnboardingConfig>,
  pipeline: PhotoPipeline,
  userId: string,
  body: unknown,
): Promise<UploadedPhoto> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw notAnImage();
  const photo = await preparePhoto(body, pipeline.maxInputPixels);
  const faceCount = await pipeline.detector.countFaces(photo.detectionInput);
  if (faceCount === 0) throw faceError('Please upload a photo showing your face clearly.');
  if (faceCount > 1) throw faceError('Please upload a photo with only yourself (multiple faces detected).');

  const photoId = randomUUID();
  const storageKey = `${photoId}.jpg`;
  await pipeline.storage.put(storageKey, photo.jpeg, 'image/jpeg');
  try {
    // Under the member's lock, so an account deletion handled meanwhile either sees this row (and
    // deletes it with the rest) or has happened already (then no row is added: a token outlives its
    // account by up to 10 minutes).
    await ctx.transaction(async (tx) => {
      await lockMember(tx.trx, userId);
      if (await isMemberErased(tx.trx, userId)) throw notFound('The account no longer exists.');
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
    await pipeline.storage.delete(storageKey).catch(() => queuePhotoDeletion(ctx.db, storageKey));
    throw err;
  }
  return { photoId, imageUrl: photoUrl(storageKey), width: photo.width, height: photo.height, faceCount: 1 };
}

/** A stored photo's bytes (404 Item Not Found for an unknown or deleted one). */
export async function readPhoto(pipeline: PhotoPipeline, fileName: string): Promise<Buffer> {
  const bytes = await pipeline.storage.get(fileName);
  if (!bytes) throw notFound();
  return bytes;
}

/** Makes one of the member's own photos their profile photo and announces it; the previous one is retired. */
export async function setProfilePhoto(
  ctx: ServiceContext<ProfileOnboardingConfig>,
  userId: string,
  photoId: string,
): Promise<ProfilePhoto> {
  return ctx.transaction(async (tx) => {
    const profile = await findProfileForUpdate(tx.trx, userId);
    // Another member's photo id answers exactly like an unknown one.
    const photo = await findMemberPhoto(tx.trx, userId, photoId, { forUpdate: true });
    if (!photo) throw notFound('The requested photo could not be found.');
    if (!profile) throw notFound();
    const imageUrl = photoUrl(photo.storage_key);
    await setProfileImageUrl(tx.trx, userId, imageUrl);
    await switchProfilePhoto(tx.trx, userId, profile.image_url, imageUrl);
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
  trx: Kysely<any>,
  userId: string,
  previousUrl: string | null,
  newUrl: string,
): Promise<void> {
  if (previousUrl === newUrl) return;
  const previousId = photoIdIn(previousUrl);
  if (previousId) await markPhotoReplaced(trx, userId, previousId, new Date());
  const newId = photoIdIn(newUrl);
  if (newId) await markPhotoReplaced(trx, userId, newId, null);
}

/**
 * Replaced photos whose retention passed and that nothing refers to: rows deleted, files queued for
 * the deletion sweep. Returns how many.
 */
export async function retireReplacedPhotos(
  db: Kysely<any>,
  retentionSeconds: number,
  batch = 100,
): Promise<number> {
  const before = new Date(Date.now() - retentionSeconds * 1000);
  return db.transaction().execute((trx) => forgetReplacedPhotos(trx, PHOTO_URL_PREFIX, before, batch));
}

/**
 * Whether imageUrl is a photo this service stored for this member (onboarding completion accepts
 * only such a URL as the profile photo).
 */
export async function isMemberPhotoUrl(db: Kysely<any>, userId: string, imageUrl: string): Promise<boolean> {
  const photoId = photoIdIn(imageUrl);
  if (!photoId) return false;
  const photo = await findMemberPhoto(db, userId, photoId);
  return photo?.storage_key === `${photoId}.jpg`;
}

/** Part of a member's deletion (inside its transaction): rows go now, files via the sweep. */
export async function deleteMemberPhotos(trx: Kysely<any>, userId: string): Promise<void> {
  await forgetMemberPhotos(trx, userId);
}

/**
 * Deletes queued files from storage; each key leaves the queue only once the storage confirmed.
 * Returns how many were deleted.
 */
export async function sweepPhotoDeletions(
  db: Kysely<any>,
  storage: PhotoStorage,
  batch = 100,
): Promise<number> {
  let done = 0;
  for (const key of await pendingPhotoDeletions(db, batch)) {
    await storage.delete(key);
    await completePhotoDeletion(db, key);
    done++;
  }
  return done;
}
