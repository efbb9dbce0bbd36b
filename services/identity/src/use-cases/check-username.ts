import { isUsernameTaken } from '../db/accounts.repository.ts';
import type { IdentityDb } from '../db/tables.ts';
import { normaliseUsername, usernameProblem, UsernameReasons } from '../domain/username.ts';

/** Whether a username can still be taken, and if not, why (shown under the sign-up field). */
export async function checkUsername(
  deps: { db: IdentityDb },
  raw: string,
): Promise<{ available: boolean; reason?: string }> {
  const problem = usernameProblem(raw);
  if (problem) return { available: false, reason: problem };
  if (await isUsernameTaken(deps.db, normaliseUsername(raw)))
    return { available: false, reason: UsernameReasons.taken };
  return { available: true };
}
