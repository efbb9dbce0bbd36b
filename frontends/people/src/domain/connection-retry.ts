/**
 * The connection error boundary's rules (spec 001 sections 4 and 9): recoverable errors (security, network,
 * fetch, chunk loading) are retried automatically at most 2 times, 1 s plus 1 s per retry already made, while the
 * screen shows 'Retry attempt: n/2'. The shell's page boundary follows the same rules; a remote cannot import the
 * shell, so the few lines live here too.
 */
export const MAX_CONNECTION_RETRIES = 2;

const RECOVERABLE_PATTERN =
  /security|network|fetch|chunk|dynamically imported module|importing a module script failed|failed to load/i;

/** An error the boundary retries on its own: retryable API errors (network, 5xx, 429) and the spec's kinds. */
export function isRecoverableConnectionError(error: unknown): boolean {
  if (error && typeof error === 'object' && 'retryable' in error && 'status' in error) {
    const e = error as { retryable: boolean; status: number };
    return e.retryable || e.status === 0;
  }
  if (error instanceof Error) return RECOVERABLE_PATTERN.test(`${error.name} ${error.message}`);
  return false;
}

/** Wait 1 s plus 1 s per retry already made. */
export function connectionRetryDelayMs(retriesMade: number, baseMs = 1000): number {
  return baseMs + baseMs * retriesMade;
}

/** The text beside the spinner while an automatic retry waits. */
export function retryAttemptText(attempt: number): string {
  return `Retry attempt: ${attempt}/${MAX_CONNECTION_RETRIES}`;
}
