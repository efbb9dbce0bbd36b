import type { BrowserRoute, ResponseOfRoute } from '@mer/contracts/browser';
import { ApiError, catalogueError, errorFromResponse } from './errors.ts';
import { getAccessToken, refreshSession, whenSessionReady } from './session.ts';

/*
 * The transport for a route whose body is raw bytes (a photo): like `call`, with the session's bearer token
 * (refreshed once on 401) and errors by the mapping table, plus upload progress. XMLHttpRequest, not fetch: only
 * it reports upload progress in every browser.
 */

/** The upload never reached the server, or the connection broke (the spec waits longer before retrying these). */
export class UploadNetworkError extends Error {
  constructor() {
    super('Network error during upload');
    this.name = 'UploadNetworkError';
  }
}

export interface UploadOptions {
  /** 0..100, from the browser's upload progress events. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * The error for a refused upload. A refusal may carry a code the catalogue does not know yet (the face check's);
 * its title and message ('Face not detected', 'Please upload a photo showing your face clearly.') are kept anyway.
 */
export function uploadError(status: number, body: unknown): ApiError {
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

function sendOnce<T>(
  route: BrowserRoute,
  body: Blob,
  token: string | null,
  options: UploadOptions,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, route.path);
    xhr.setRequestHeader('content-type', body.type || 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let answer: unknown = undefined;
      try {
        answer = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        answer = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && answer) resolve(answer as T);
      else if (xhr.status >= 200 && xhr.status < 300) reject(catalogueError('unexpected_error', xhr.status));
      else reject(uploadError(xhr.status, answer));
    };
    xhr.onerror = () => reject(new UploadNetworkError());
    xhr.ontimeout = () => reject(new UploadNetworkError());
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** Sends `body` as the route's raw body (one attempt; the caller decides about retries). */
export async function upload<R extends BrowserRoute>(
  route: R,
  body: Blob,
  options: UploadOptions = {},
): Promise<ResponseOfRoute<R>> {
  await whenSessionReady();
  const token = getAccessToken();
  try {
    return await sendOnce<ResponseOfRoute<R>>(route, body, token, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token && (await refreshSession()))
      return sendOnce<ResponseOfRoute<R>>(route, body, getAccessToken(), options);
    throw error;
  }
}
