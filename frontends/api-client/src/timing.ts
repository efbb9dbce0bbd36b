/**
 * The product's time constants (spec 000 section 9, spec 001 section 9), in milliseconds.
 *
 * Browser tests shorten them with `window.__MER_TEST_CLOCK__ = { idleTimeoutMs: 3000, ... }` set before the app
 * starts (Playwright `addInitScript`). Only code already running in the page can set it, so honouring it in
 * production builds opens nothing an attacker could not already do.
 */
export const DEFAULT_TIMING = {
  /** Session idle: sign out after 30 min without activity. */
  idleTimeoutMs: 30 * 60_000,
  /** Session idle: warn at 25 min. */
  idleWarningMs: 25 * 60_000,
  /** Session idle: the periodic check (the timers above also fire on their own). */
  idleCheckMs: 5 * 60_000,
  /** How long the idle warning stays up. */
  idleWarningVisibleMs: 10_000,
  /** The auth layer stops waiting for an answer after 8 s. */
  authTimeoutMs: 8_000,
  /** The guard shows 'Loading Timeout' after 10 s. */
  guardTimeoutMs: 10_000,
  /** Profile: loading time-out, failure threshold reset. */
  profileTimeoutMs: 10_000,
  profileDegradedResetMs: 30_000,
  /** Install banner after 5 s; combined mobile prompt 3 s after the first interaction. */
  installBannerDelayMs: 5_000,
  combinedPromptDelayMs: 3_000,
  /** Update banner: reload 1 s after 'App Updated!'. */
  updateReloadDelayMs: 1_000,
  /** Refresh the access token this long before it expires. */
  tokenRefreshLeadMs: 60_000,
  /** Loading screen: progress runs over 3 s, label after 500 ms. */
  loadingScreenDurationMs: 3_000,
  loadingScreenLabelDelayMs: 500,
  /** Error boundary auto-retry: 1 s plus 1 s per retry already made. */
  errorRetryBaseMs: 1_000,
} as const;

export type TimingName = keyof typeof DEFAULT_TIMING;

declare global {
  interface Window {
    __MER_TEST_CLOCK__?: Partial<Record<TimingName, number>>;
  }
}

export function timing(name: TimingName): number {
  const override = typeof window !== 'undefined' ? window.__MER_TEST_CLOCK__?.[name] : undefined;
  return typeof override === 'number' && Number.isFinite(override) && override >= 0
    ? override
    : DEFAULT_TIMING[name];
}
