import { ApiError } from '@mer/api-client';

/** Spec 000 sections 5 and 8: image types only, at most 10 MB, square crop as JPEG at quality 0.9. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_JPEG_QUALITY = 0.9;
/** The server keeps at most 1024 px; sending more only costs upload time. */
export const MAX_PHOTO_EDGE = 1024;

export interface Notice {
  title: string;
  description: string;
}

export const PhotoTexts = {
  invalidType: {
    title: 'Invalid file type',
    description: 'Please select an image file (JPG, PNG, GIF, etc.)',
  },
  tooLarge: { title: 'File too large', description: 'Please select an image smaller than 10MB' },
  uploadFailed: { title: 'Upload Failed', description: 'Failed to upload image. Please try again.' },
  noFace: 'Please upload a photo showing your face clearly.',
  success: { title: 'Success!', description: 'Profile picture uploaded and saved!' },
} as const;

/** Null when the file may be cropped and uploaded, else the toast to show. */
export function checkPhotoFile(file: { type: string; size: number }): Notice | null {
  if (!file.type.startsWith('image/')) return PhotoTexts.invalidType;
  if (file.size > MAX_PHOTO_BYTES) return PhotoTexts.tooLarge;
  return null;
}

/** The largest centred square of an image, and the edge of the output (at most 1024 px). */
export function centreSquareCrop(width: number, height: number) {
  const size = Math.min(width, height);
  return {
    sx: Math.floor((width - size) / 2),
    sy: Math.floor((height - size) / 2),
    size,
    outputSize: Math.min(size, MAX_PHOTO_EDGE),
  };
}

/** Spec 000 section 8: up to 3 upload attempts. */
export const MAX_UPLOAD_ATTEMPTS = 3;

/**
 * How long to wait before the next upload attempt, or null when not to retry: only failures that another
 * attempt can fix (no answer, or a server error) are retried, 1 s times the attempt number, or 2 s times
 * the attempt number after a network failure. A refused photo (no face, too large, wrong type) is final.
 */
export function uploadRetryDelayMs(error: unknown, attemptsMade: number): number | null {
  if (attemptsMade >= MAX_UPLOAD_ATTEMPTS || !(error instanceof ApiError)) return null;
  if (error.status === 0) return 2000 * attemptsMade;
  if (error.status >= 500) return 1000 * attemptsMade;
  return null;
}

/** The toast for a failed upload: the face check's own message on 422, the spec's generic text otherwise. */
export function photoUploadFailure(error: unknown): Notice {
  if (error instanceof ApiError) {
    if (error.status === 422)
      return { title: 'Face not detected', description: error.message || PhotoTexts.noFace };
    if (error.status === 413)
      return { title: PhotoTexts.uploadFailed.title, description: 'File size must be less than 10MB' };
    if (error.status === 415) return PhotoTexts.invalidType;
  }
  return PhotoTexts.uploadFailed;
}
