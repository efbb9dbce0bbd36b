import type { AccessTokenClaims } from '@mer/contracts';
import { notFound, permissionDenied } from '@mer/service-runtime';
import { memberStanding } from '../db/members.repository.ts';
import type { EventsCirclesDeps, EventsCirclesTx } from '../deps.ts';
import { isReviewer, mayContribute } from '../domain/rules.ts';

/** The caller as the use cases see them: the verified token's subject and whether they review circles and events. */
export interface Viewer {
  userId: string;
  reviewer: boolean;
}

export const viewerOf = (claims: AccessTokenClaims): Viewer => ({
  userId: claims.sub,
  reviewer: isReviewer(claims.perms),
});

export const PAID_MEMBERS_ONLY =
  'Only members with an active membership who have completed onboarding can create, join or RSVP.';

/**
 * For a request that adds the member's data (create, join, RSVP, post): takes the member's lock (an account deletion
 * handled meanwhile either comes first or deletes this too), refuses a member erased already (a token outlives its
 * account by minutes: 404), then requires a paid, onboarded member (billing's and profile-onboarding's events,
 * copied here); reviewers (admins) may always. Everyone signed in may read.
 */
export async function requireContributor(
  deps: Pick<EventsCirclesDeps, 'clock'>,
  tx: EventsCirclesTx,
  viewer: Viewer,
): Promise<void> {
  await lockLiveMember(tx, viewer.userId);
  const standing = await memberStanding(tx.trx, viewer.userId, deps.clock.now());
  if (!mayContribute({ ...standing, admin: viewer.reviewer })) throw permissionDenied(PAID_MEMBERS_ONLY);
}

/** For changes to the member's own things (leave, not going, delete): the lock and the erasure check only. */
export async function lockLiveMember(tx: EventsCirclesTx, userId: string): Promise<void> {
  await tx.members.lock(userId);
  if (await tx.members.isErased(userId)) throw notFound('The account no longer exists.');
}
