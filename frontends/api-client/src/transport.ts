import { catalogueError, errorFromResponse, toApiError } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TransportOptions {
  body?: unknown;
  accessToken?: string | null;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * One HTTP call to the MER API (same origin, so the refresh cookie travels with identity's session calls).
 * Resolves with the JSON body (undefined for 204); rejects with an ApiError.
 */
export async function transport<T>(
  method: HttpMethod,
  path: string,
  options: TransportOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
  const signals = [
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ].filter((s): s is AbortSignal => Boolean(s));
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw toApiError(error);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text().catch(() => '');
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!response.ok) throw errorFromResponse(response.status, body);
  if (body === undefined && text) throw catalogueError('unexpected_error', response.status);
  return body as T;
}
