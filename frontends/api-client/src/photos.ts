import { ApiError, catalogueError, errorFromResponse } from './errors.ts';
import { PROFILE_API } from './profile.ts';
import { getAccessToken, refreshSession, whenSessionReady } from './session.ts';

export const PHOTO_UPLOAD_PATH = `${PROFILE_API}/photos`;

export interface UploadedPhoto {
  photoId: string;
  imageUrl: string;
  width: number;
  height: number;
  faceCount: number;
}

/** The upload never reached the server, or the connection broke (the spec waits longer before retrying these). */
export class UploadNetworkError extends Error {
  constructor() {
    super('Network error during upload');
    this.name = 'UploadNetworkError';
  }
}

export interface PhotoUploadOptions {
  /** 0..100, from the browser's upload progress events. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * The error for a refused upload. The face check's refusal may carry a code the catalogue does not know yet; its
 * title and message ('Face not detected', 'Please upload a photo showing your face clearly.') are kept anyway.
 */
export function photoError(status: number, body: unknown): ApiError {
  const mapped = errorFromResponse(status, body);
  const raw = (body as { error?: { title?: unknown; message?: unknown } } | null)?.error;
  if (!raw || typeof raw.message !== 'string' || raw.message === mapped.message) return mapped;
  return new ApiError({
    code: mapped.code,
    title: typeof raw.title === 'string' ? raw.title : mapped.title,
    message: raw.message,
    retryable: mapped.retryable,
    status,
    fields: mapped.fields,
  });
}

function sendOnce(image: Blob, token: string | null, options: PhotoUploadOptions): Promise<UploadedPhoto> {
  // XMLHttpRequest, not fetch: only it reports upload progress in every browser.
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', PHOTO_UPLOAD_PATH);
    xhr.setRequestHeader('content-type', image.type || 'image/jpeg');
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as UploadedPhoto);
      else if (xhr.status >= 200 && xhr.status < 300) reject(catalogueError('unexpected_error', xhr.status));
      else reject(photoError(xhr.status, body));
    };
    xhr.onerror = () => reject(new UploadNetworkError());
    xhr.ontimeout = () => reject(new UploadNetworkError());
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(image);
  });
}

/**
 * One upload of a photo (the raw image bytes as the body) with the session's access token. A 401 refreshes the
 * token once and repeats, like every other user call. Rejects with an ApiError (status, title, message) or an
 * UploadNetworkError; retrying is the caller's decision.
 */
export async function uploadProfilePhoto(
  image: Blob,
  options: PhotoUploadOptions = {},
): Promise<UploadedPhoto> {
  await whenSessionReady();
  const token = getAccessToken();
  try {
    return await sendOnce(image, token, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token && (await refreshSession()))
      return sendOnce(image, getAccessToken(), options);
    throw error;
  }
}
