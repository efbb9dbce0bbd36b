import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, afterFailedAttempt, isPermanentFailure, retryDelayMs } from './delivery-policy.ts';

describe('delivery policy', () => {
  it('backs off 4× per attempt, capped at an hour', () => {
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, 30_000))).toEqual([30_000, 120_000, 480_000, 1_920_000]);
    expect(retryDelayMs(10, 30_000)).toBe(3_600_000);
  });

  it('retries temporary failures until the fifth attempt', () => {
    expect(afterFailedAttempt(1, false, 100)).toEqual({ action: 'retry', delayMs: 100 });
    expect(afterFailedAttempt(MAX_ATTEMPTS - 1, false, 100).action).toBe('retry');
    expect(afterFailedAttempt(MAX_ATTEMPTS, false, 100)).toEqual({ action: 'fail' });
    expect(afterFailedAttempt(1, true, 100)).toEqual({ action: 'fail' });
  });

  it('treats 5xx answers and unusable messages as permanent, the rest as temporary', () => {
    expect(isPermanentFailure({ responseCode: 550, code: 'EENVELOPE' })).toBe(true);
    expect(isPermanentFailure({ responseCode: 451, code: 'EENVELOPE' })).toBe(false);
    expect(isPermanentFailure({ code: 'EENVELOPE', command: 'API' })).toBe(true);
    expect(isPermanentFailure({ code: 'ECONNECTION' })).toBe(false);
    expect(isPermanentFailure(new Error('boom'))).toBe(false);
  });
});
