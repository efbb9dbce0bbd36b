import { deleteExpiredOneTimeTokens } from '../db/one-time-tokens.repository.ts';
import { deleteEndedFamilies } from '../db/sessions.repository.ts';
import type { IdentityDeps } from '../deps.ts';

/** Housekeeping: sessions and one-time tokens that ended over a day ago are of no use any more. */
export async function forgetEndedSessions(deps: Pick<IdentityDeps, 'db'>): Promise<number> {
  const families = await deleteEndedFamilies(deps.db);
  await deleteExpiredOneTimeTokens(deps.db);
  return families;
}
