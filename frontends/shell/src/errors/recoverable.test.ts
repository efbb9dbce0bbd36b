import { describe, expect, it } from 'vitest';
import { catalogueError } from '@mer/api-client';
import { isRecoverableError, retryDelayMs, MAX_AUTO_RETRIES } from './recoverable.ts';

describe('error boundary auto-retry', () => {
  it('retries security, network, fetch and chunk-loading errors', () => {
    expect(isRecoverableError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(
      true,
    );
    expect(isRecoverableError(new Error('ChunkLoadError: Loading chunk 3 failed'))).toBe(true);
    expect(isRecoverableError(new Error('NetworkError when attempting to fetch resource'))).toBe(true);
    expect(isRecoverableError(new Error('SecurityError: blocked'))).toBe(true);
    expect(isRecoverableError(catalogueError('connection_error', 0))).toBe(true);
    expect(isRecoverableError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isRecoverableError(catalogueError('permission_denied'))).toBe(false);
  });

  it('waits 1 s plus 1 s per retry already made, at most twice', () => {
    expect(MAX_AUTO_RETRIES).toBe(2);
    expect([retryDelayMs(0), retryDelayMs(1)]).toEqual([1000, 2000]);
  });
});
