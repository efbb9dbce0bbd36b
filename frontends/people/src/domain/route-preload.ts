/**
 * Spec 001 section 2, route preloading: "/people loads profile and messages", skipped on 2g, slow-2g or
 * save-data connections; social chunks preload after 3 s. The people remote preloads its own profile page from
 * /people (a card's name is the likely next click); messages has no remote yet.
 */
export const SOCIAL_PRELOAD_DELAY_MS = 3_000;

export interface ConnectionHints {
  effectiveType?: string;
  saveData?: boolean;
}

export function shouldPreload(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}
