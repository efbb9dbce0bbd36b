/**
 * Helpers for component tests (`*.test.tsx`, see component-test-setup.ts): the MER API as a test needs it, at
 * the transport, so a test does not depend on how a remote's src/api/ calls it.
 */
import { vi } from 'vitest';
import type { Me } from '@mer/contracts';
import { identity } from '@mer/contracts/browser';
import { StorageKeys, useSessionStore } from '@mer/api-client';

/** A request as an answer sees it. */
export interface ApiRequest {
  url: URL;
  /** The JSON body, parsed. */
  body: unknown;
}

/** `'<METHOD> <path>'` (the path without its query) → the answer: a Response, or a value sent as JSON 200. */
export type ApiAnswers = Record<string, (request: ApiRequest) => unknown>;

/**
 * Stubs `fetch` with `answers`; anything else is a 404. With `signedIn`, the page's session starts as it does in
 * the browser: the session hint is set and identity's refresh answers with an access token for that member.
 * Returns the stub, to look at the requests.
 */
export function stubApi(answers: ApiAnswers, options: { signedIn?: Me } = {}) {
  const { signedIn } = options;
  const stub = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = new URL(input, 'http://localhost');
    if (signedIn && method === 'POST' && url.pathname === identity.refreshSession.path)
      return Response.json({ accessToken: 'test-access-token', expiresIn: 900, user: signedIn });
    const answer = answers[`${method} ${url.pathname}`];
    if (!answer) return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const result = await answer({ url, body });
    return result instanceof Response ? result : Response.json(result);
  });
  vi.stubGlobal('fetch', stub);
  if (signedIn) {
    localStorage.setItem(StorageKeys.sessionHint, '1');
    useSessionStore.setState({ status: 'signed-in', user: signedIn });
  }
  return stub;
}
