import { describe, expect, it } from 'vitest';
import {
  HEALTHY,
  afterManualRetry,
  afterProfileFailure,
  degradedResetDelay,
  type ProfileHealth,
} from './profile-health.ts';

const failTimes = (n: number, start: ProfileHealth = HEALTHY, now = 1_000): ProfileHealth =>
  Array.from({ length: n }).reduce<ProfileHealth>((h) => afterProfileFailure(h, now), start);

describe('profile circuit breaker (spec 000 sections 4 and 9)', () => {
  it('opens on the third consecutive failure, not before', () => {
    expect(failTimes(1)).toEqual({ failures: 1, degradedSince: null });
    expect(failTimes(2)).toEqual({ failures: 2, degradedSince: null });
    expect(failTimes(3, HEALTHY, 5_000)).toEqual({ failures: 3, degradedSince: 5_000 });
  });

  it('keeps the start of degraded mode when more failures follow', () => {
    expect(afterProfileFailure({ failures: 3, degradedSince: 5_000 }, 9_000)).toEqual({
      failures: 4,
      degradedSince: 5_000,
    });
  });

  it("Try Again before the threshold keeps counting: the issue screen's retries lead to degraded mode", () => {
    let health = failTimes(1);
    health = afterManualRetry(health);
    health = afterProfileFailure(health, 2_000);
    health = afterManualRetry(health);
    health = afterProfileFailure(health, 3_000);
    expect(health).toEqual({ failures: 3, degradedSince: 3_000 });
  });

  it('Try Again in degraded mode resets it', () => {
    expect(afterManualRetry({ failures: 3, degradedSince: 5_000 })).toEqual(HEALTHY);
  });

  it('degraded mode ends 30 s after it started', () => {
    expect(degradedResetDelay(HEALTHY, 0, 30_000)).toBeNull();
    expect(degradedResetDelay({ failures: 3, degradedSince: 5_000 }, 15_000, 30_000)).toBe(20_000);
    expect(degradedResetDelay({ failures: 3, degradedSince: 5_000 }, 60_000, 30_000)).toBe(0);
  });
});
