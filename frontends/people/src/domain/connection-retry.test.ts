import { describe, expect, it } from 'vitest';
import {
  connectionRetryDelayMs,
  isRecoverableConnectionError,
  retryAttemptText,
} from './connection-retry.ts';

describe('connection error boundary rules', () => {
  it('waits 1 s plus 1 s per retry already made', () => {
    expect(connectionRetryDelayMs(0)).toBe(1000);
    expect(connectionRetryDelayMs(1)).toBe(2000);
  });

  it("says 'Retry attempt: n/2'", () => {
    expect(retryAttemptText(1)).toBe('Retry attempt: 1/2');
  });

  it('retries network, fetch, security and chunk errors and retryable API errors, not others', () => {
    expect(isRecoverableConnectionError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRecoverableConnectionError(new Error('Loading chunk 7 failed'))).toBe(true);
    expect(isRecoverableConnectionError(new Error('SecurityError: blocked'))).toBe(true);
    expect(isRecoverableConnectionError({ status: 503, retryable: true })).toBe(true);
    expect(isRecoverableConnectionError({ status: 0, retryable: false })).toBe(true);
    expect(isRecoverableConnectionError({ status: 403, retryable: false })).toBe(false);
    expect(isRecoverableConnectionError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
