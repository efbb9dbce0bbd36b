import type { EventEnvelope, EventPayload, UserDeleted } from '@mer/contracts';
import { deleteDiscussionContentOf } from '../db/discussions.repository.ts';
import { forgetMemberFacts } from '../db/members.repository.ts';
import { deleteAlbumsOf, deletePhotos, deleteTagsOf } from '../db/photos.repository.ts';
import {
  deleteCommentsOf,
  deleteReactionsOf,
  postsOfAuthor,
  postsReactedBy,
  recountPosts,
} from '../db/posts.repository.ts';
import { deleteReportsOf } from '../db/reports.repository.ts';
import type { CommunityFeedTx } from '../deps.ts';
import { removePost } from './posts.ts';

/**
 * A deleted account: the member's content is REMOVED, not anonymised. Their posts (with the comments and reactions
 * on them), comments (with the replies under them), reactions, photos and albums, tags, discussions (with their
 * replies), replies and reports go, and the counts of other members' posts are recounted. Anonymising would keep
 * text the member wrote, which their deletion asked us not to keep. Each removed post is published as deleted so
 * search forgets it. The runtime holds the member's lock and records the tombstone in this same transaction; photo
 * files are queued and removed from storage after the commit by the sweep.
 */
export async function forgetMember(
  tx: CommunityFeedTx,
  event: EventEnvelope<EventPayload<typeof UserDeleted>>,
): Promise<void> {
  const userId = event.payload.userId;
  for (const post of await postsOfAuthor(tx.trx, userId))
    await removePost(tx, { id: post.id, author_id: userId });
  const reacted = await postsReactedBy(tx.trx, userId);
  await deleteReactionsOf(tx.trx, userId);
  const commented = await deleteCommentsOf(tx.trx, userId);
  await recountPosts(tx.trx, [...new Set([...reacted, ...commented])]);
  await deletePhotos(tx.trx, { ownerId: userId });
  await deleteAlbumsOf(tx.trx, userId);
  await deleteTagsOf(tx.trx, userId);
  await deleteDiscussionContentOf(tx.trx, userId);
  await deleteReportsOf(tx.trx, userId);
  await forgetMemberFacts(tx.trx, userId);
}
