import type { AccessTokenClaims } from '@mer/contracts';
import { notFound, permissionDenied } from '@mer/service-runtime';
import { memberStanding } from '../db/members.repository.ts';
import type { CommunityFeedTx } from '../deps.ts';
import { isModerator, mayContribute } from '../domain/feed-rules.ts';

/** The caller as the feed's use cases see them: the verified token's subject and whether they moderate. */
export interface Viewer {
  userId: string;
  moderator: boolean;
}

export const viewerOf = (claims: AccessTokenClaims): Viewer => ({
  userId: claims.sub,
  moderator: isModerator(claims.perms),
});

export const CONTRIBUTORS_ONLY =
  'Only members with an active membership who have completed onboarding can post in the community.';

/**
 * For a request that adds content: takes the member's lock (an account deletion handled meanwhile either comes
 * first or deletes this too), refuses a member erased already (a token outlives its account by minutes: 404),
 * then requires a paid, onboarded member (billing's and profile-onboarding's events, copied here); admins may
 * always. Everyone signed in may read.
 */
export async function requireContributor(tx: CommunityFeedTx, viewer: Viewer): Promise<void> {
  await tx.members.lock(viewer.userId);
  if (await tx.members.isErased(viewer.userId)) throw notFound('The account no longer exists.');
  const standing = await memberStanding(tx.trx, viewer.userId);
  if (!mayContribute({ ...standing, admin: viewer.moderator })) throw permissionDenied(CONTRIBUTORS_ONLY);
}

/** For changes to the member's own things (edit, delete, react): the lock and the erasure check only. */
export async function lockLiveMember(tx: CommunityFeedTx, userId: string): Promise<void> {
  await tx.members.lock(userId);
  if (await tx.members.isErased(userId)) throw notFound('The account no longer exists.');
}
