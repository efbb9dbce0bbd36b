/** An e-mail is tried at most this many times; then it stays 'failed' for an admin to see. */
export const MAX_ATTEMPTS = 5;

const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/**
 * Wait before the next try after `attempts` failed ones: base, 4×base, 16×base, ... capped at
 * one hour. With the default 30 s base the five tries span about 21 minutes, long enough to
 * ride out an SMTP server restart, short enough that a reset link (valid 1 hour) still helps.
 */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 4 ** Math.max(0, attempts - 1));
}

export type FailureDecision = { action: 'retry'; delayMs: number } | { action: 'fail' };

/** What to do with an e-mail whose `attempts`-th try just failed. */
export function afterFailedAttempt(attempts: number, permanent: boolean, baseMs: number): FailureDecision {
  if (permanent || attempts >= MAX_ATTEMPTS) return { action: 'fail' };
  return { action: 'retry', delayMs: retryDelayMs(attempts, baseMs) };
}

/**
 * A failure that another try cannot fix: the SMTP server answered with a 5xx code (mailbox
 * does not exist, message refused) or the message itself was unusable before any server saw it.
 * Connection problems and 4xx answers are temporary.
 */
export function isPermanentFailure(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown; command?: unknown };
  if (typeof e?.responseCode === 'number') return e.responseCode >= 500 && e.responseCode < 600;
  return e?.code === 'EENVELOPE' && e.command === 'API';
}
