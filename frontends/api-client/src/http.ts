import { ApiError } from './errors.ts';
import { transport, type HttpMethod } from './transport.ts';
import { getAccessToken, refreshSession, whenSessionReady } from './session.ts';

export interface ApiRequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** 'user' calls wait for the session and send the access token; 'public' calls send none. */
  access?: 'public' | 'user';
}

/**
 * A call to the MER API. A user call that gets 401 refreshes the access token once and repeats itself;
 * if the refresh is refused the session becomes 'invalid' and the error is passed on.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  const { access = 'user', ...rest } = options;
  if (access === 'public') return transport<T>(method, path, rest);
  await whenSessionReady();
  const token = getAccessToken();
  try {
    return await transport<T>(method, path, { ...rest, accessToken: token });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token) {
      if (await refreshSession())
        return transport<T>(method, path, { ...rest, accessToken: getAccessToken() });
    }
    throw error;
  }
}
