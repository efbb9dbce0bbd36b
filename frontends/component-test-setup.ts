/**
 * Set-up of the component tests (frontends/vitest.config.ts).
 * - Each test's render is removed after it (Testing Library does this itself only with vitest's globals, which
 *   MER does not turn on).
 * - There is no network: `fetch` fails like a browser offline unless a test stubs it with the answers it needs
 *   (`vi.stubGlobal('fetch', …)`). A request a component still sends while it unmounts also meets this, never
 *   happy-dom's real fetch.
 * - `findBy…` waits up to 5 s: the machines are small and shared.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
configure({ asyncUtilTimeout: 5000 });

const offline = () => Promise.reject(new TypeError('Failed to fetch (component tests have no network)'));

beforeEach(() => {
  vi.stubGlobal('fetch', offline);
});

afterEach(() => {
  cleanup();
  vi.stubGlobal('fetch', offline);
});
