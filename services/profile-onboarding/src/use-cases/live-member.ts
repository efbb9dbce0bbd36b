import { notFound } from '@mer/service-runtime';
import type { ProfileOnboardingTx } from '../deps.ts';

/**
 * For a request that adds rows of the member (a photo, a draft, a suggestion): takes the member's lock, so an
 * account deletion handled meanwhile either comes first or deletes these rows too, and refuses a member erased
 * already (a token outlives its account by up to 10 minutes): 404, nothing written.
 */
export async function lockLiveMember(tx: ProfileOnboardingTx, userId: string): Promise<void> {
  await tx.members.lock(userId);
  if (await tx.members.isErased(userId)) throw notFound('The account no longer exists.');
}
