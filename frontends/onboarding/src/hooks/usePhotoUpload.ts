import { useCallback, useRef, useState } from 'react';
import { ApiError, UploadNetworkError, uploadProfilePhoto, type UploadedPhoto } from '@mer/api-client';
import { UPLOAD_ATTEMPTS, uploadRetryDelayMs } from '../domain/wizard-rules.ts';

export type UploadOutcome =
  { ok: true; photo: UploadedPhoto } | { ok: false; title: string; description: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Uploads the cropped photo with progress: up to 3 attempts, waiting 1 s × attempt (2 s × attempt after a network
 * exception); a refusal by the server (4xx: no face, two faces, too large) is final and not retried.
 */
export function usePhotoUpload() {
  const [percent, setPercent] = useState<number | null>(null);
  const busy = useRef(false);

  const upload = useCallback(async (jpeg: Blob): Promise<UploadOutcome> => {
    if (busy.current)
      return { ok: false, title: 'Upload Failed', description: 'An upload is already running.' };
    busy.current = true;
    setPercent(0);
    try {
      for (let attempt = 1; attempt <= UPLOAD_ATTEMPTS; attempt++) {
        try {
          const photo = await uploadProfilePhoto(jpeg, { onProgress: setPercent });
          setPercent(100);
          return { ok: true, photo };
        } catch (error) {
          if (error instanceof ApiError && error.status === 422)
            return {
              ok: false,
              title: 'Face not detected',
              description: error.message || "We couldn't detect a clear face in your photo.",
            };
          if (error instanceof ApiError && error.status === 401)
            return {
              ok: false,
              title: 'Upload Failed',
              description: 'You must be logged in to upload images',
            };
          const delay = uploadRetryDelayMs(
            attempt,
            error instanceof UploadNetworkError
              ? { kind: 'network' }
              : { kind: 'status', status: error instanceof ApiError ? error.status : 500 },
          );
          if (delay === null) {
            const finalAttempt = attempt >= UPLOAD_ATTEMPTS;
            return {
              ok: false,
              title: 'Upload Failed',
              description: finalAttempt
                ? 'Upload failed after 3 attempts'
                : error instanceof Error && error.message
                  ? error.message
                  : 'Failed to upload image. Please try again.',
            };
          }
          setPercent(0);
          await wait(delay);
        }
      }
      return { ok: false, title: 'Upload Failed', description: 'Upload failed after 3 attempts' };
    } finally {
      busy.current = false;
    }
  }, []);

  return { upload, percent, reset: useCallback(() => setPercent(null), []) };
}
