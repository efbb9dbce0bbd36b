/**
 * The profile circuit breaker of spec 000 section 4 "Profile loading degradation", as pure steps: 3 consecutive
 * failed profile fetches start a degraded mode (the shell then uses the cached or basic profile), which ends
 * 30 s after it started or when the member retries by hand.
 */
export const PROFILE_FAILURE_THRESHOLD = 3;

export interface ProfileHealth {
  /** Consecutive failed fetches since the last success or reset. */
  failures: number;
  /** When the degraded mode started; null while the breaker is closed. */
  degradedSince: number | null;
}

export const HEALTHY: ProfileHealth = { failures: 0, degradedSince: null };

/** A failed fetch: counted; the third in a row opens the breaker. An open breaker keeps its start time. */
export function afterProfileFailure(health: ProfileHealth, now: number): ProfileHealth {
  const failures = health.failures + 1;
  return {
    failures,
    degradedSince: health.degradedSince ?? (failures >= PROFILE_FAILURE_THRESHOLD ? now : null),
  };
}

/**
 * The member pressed Try Again. Degraded mode ends (spec: it resets on manual retry); otherwise the count
 * stands, so that the retries of the 'Profile Loading Issue' screen are the consecutive failures that lead
 * to degraded mode instead of starting over each time.
 */
export function afterManualRetry(health: ProfileHealth): ProfileHealth {
  return health.degradedSince !== null ? HEALTHY : health;
}

/** How long until degraded mode ends by itself; null when it is not on. */
export function degradedResetDelay(health: ProfileHealth, now: number, resetMs: number): number | null {
  return health.degradedSince === null ? null : Math.max(0, health.degradedSince + resetMs - now);
}
