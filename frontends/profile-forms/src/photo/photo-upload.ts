import type { UploadedPhoto } from '@mer/contracts';
import { profileOnboarding } from '@mer/contracts/browser';
import { ApiError, UploadNetworkError, upload, type UploadOptions } from '@mer/api-client';

/*
 * The profile photo upload of the wizard's Profile Picture step and Settings → Photo: the spec's file checks,
 * texts and retries around the transport's raw-body `upload` of profile-onboarding's photo route. Each remote calls
 * it from its own src/api/.
 */

/** Spec 000 sections 5 and 9: image files only, at most 10 MB (10485760 bytes). */
export const PHOTO_MAX_BYTES = 10_485_760;
/** Spec 000 section 9: upload attempts. */
export const PHOTO_UPLOAD_ATTEMPTS = 3;

/** The spec's texts around a photo upload (sections 5, 6 and 8), shared by the wizard and Settings. */
export const PHOTO_TEXTS = {
  invalidType: {
    title: 'Invalid file type',
    description: 'Please select an image file (JPG, PNG, GIF, etc.)',
  },
  tooLarge: { title: 'File too large', description: 'Please select an image smaller than 10MB' },
  uploadFailed: { title: 'Upload Failed', description: 'Failed to upload image. Please try again.' },
  noFace: 'Please upload a photo showing your face clearly.',
  success: { title: 'Success!', description: 'Profile picture uploaded and saved!' },
} as const;

export interface PhotoNotice {
  title: string;
  description: string;
}

/** Null when the picked file may be cropped and uploaded, else the toast to show (checked before cropping). */
export function photoFileProblem(file: { type: string; size: number }): PhotoNotice | null {
  if (!file.type.startsWith('image/')) return PHOTO_TEXTS.invalidType;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_TEXTS.tooLarge;
  return null;
}

/** Every attempt failed with something another attempt could have fixed. */
export class UploadAttemptsExhaustedError extends Error {
  constructor(readonly lastError: unknown) {
    super(`Upload failed after ${PHOTO_UPLOAD_ATTEMPTS} attempts`);
    this.name = 'UploadAttemptsExhaustedError';
  }
}

/**
 * The wait before the attempt after `attempt` (counting from 1), or null when not to retry. Spec 000 section 8:
 * 1 s times the attempt number, 2 s times it after a network exception. A photo the server refused (4xx: no
 * face, two faces, too large, signed out) is final; 429 is the one 4xx retried, because the face check answers it
 * when its queue is full (the spec's mapping table calls Too Many Requests retryable).
 */
export function uploadRetryDelayMs(attempt: number, error: unknown): number | null {
  if (attempt >= PHOTO_UPLOAD_ATTEMPTS) return null;
  if (error instanceof UploadNetworkError) return 2000 * attempt;
  if (!(error instanceof ApiError)) return null;
  if (error.status >= 400 && error.status < 500 && error.status !== 429) return null;
  return 1000 * attempt;
}

/** The toast for a failed upload: the face check's own message on 422, else the spec's upload texts. */
export function photoUploadFailure(error: unknown): PhotoNotice {
  if (error instanceof UploadAttemptsExhaustedError)
    return { title: PHOTO_TEXTS.uploadFailed.title, description: error.message };
  if (error instanceof ApiError) {
    if (error.status === 422)
      return { title: 'Face not detected', description: error.message || PHOTO_TEXTS.noFace };
    if (error.status === 401)
      return { title: PHOTO_TEXTS.uploadFailed.title, description: 'You must be logged in to upload images' };
    if (error.status === 413)
      return { title: PHOTO_TEXTS.uploadFailed.title, description: 'File size must be less than 10MB' };
    if (error.status === 415) return PHOTO_TEXTS.invalidType;
  }
  return PHOTO_TEXTS.uploadFailed;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one photo upload of every page: the raw image as the body (a 401 refreshes the token once and repeats, like
 * every other call), upload percent for the progress bar, and up to 3 attempts (`uploadRetryDelayMs`). Rejects with
 * the server's ApiError when it refused the photo, or UploadAttemptsExhaustedError; `photoUploadFailure` turns
 * either into the toast.
 */
export async function uploadProfilePhoto(image: Blob, options: UploadOptions = {}): Promise<UploadedPhoto> {
  const jpeg = image.type ? image : new Blob([image], { type: 'image/jpeg' });
  for (let attempt = 1; ; attempt++) {
    try {
      return await upload(profileOnboarding.uploadPhoto, jpeg, options);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const delay = uploadRetryDelayMs(attempt, error);
      if (delay === null) {
        // Out of attempts on a failure that was being retried: the spec's 'Upload failed after 3 attempts'.
        const wasRetried = attempt > 1 && uploadRetryDelayMs(1, error) !== null;
        throw wasRetried ? new UploadAttemptsExhaustedError(error) : error;
      }
      options.onProgress?.(0);
      await sleep(delay);
    }
  }
}
