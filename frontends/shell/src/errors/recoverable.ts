import { ApiError } from '@mer/api-client';

/** Spec: security, network, fetch and chunk-loading errors are retried automatically. */
const RECOVERABLE_PATTERN =
  /security|network|fetch|chunk|dynamically imported module|importing a module script failed|failed to load|remoteentry|RUNTIME-0/i;

export function isRecoverableError(error: unknown): boolean {
  if (error instanceof ApiError) return error.retryable || error.status === 0;
  if (error instanceof Error) return RECOVERABLE_PATTERN.test(`${error.name} ${error.message}`);
  return false;
}

export const MAX_AUTO_RETRIES = 2;

/** Spec: wait 1 s plus 1 s per retry already made. */
export function retryDelayMs(retriesMade: number, baseMs = 1000): number {
  return baseMs + baseMs * retriesMade;
}
