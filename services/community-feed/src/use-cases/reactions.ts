import {
  FeedReactionAdded,
  FeedReactionRemoved,
  type ReactionSummary,
  type ReactionType,
  type Reactors,
} from '@mer/contracts';
import { findMembers, hiddenAuthorsFor } from '../db/members.repository.ts';
import {
  bumpPostCounts,
  deleteReaction,
  findReaction,
  reactionsOf,
  upsertReaction,
} from '../db/posts.repository.ts';
import type { CommunityFeedDeps } from '../deps.ts';
import { countColumn, reactionCounts } from '../domain/feed-rules.ts';
import { lockLiveMember, requireContributor, type Viewer } from './access.ts';
import { visiblePost } from './posts.ts';
import { toMember } from './present.ts';

/*
 * One reaction per member per post. The post row is locked (select … for update) before the member's reaction is
 * read, so concurrent reactions on one post apply one after another and each moves the counters by exactly one:
 * counts stay equal to the rows however many members react at once.
 */

export async function react(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  postId: string,
  type: ReactionType,
): Promise<ReactionSummary> {
  return deps.transaction(async (tx) => {
    await requireContributor(tx, viewer);
    const post = await visiblePost(tx.trx, viewer, postId, true);
    const previous = (await findReaction(tx.trx, postId, viewer.userId))?.type as ReactionType | undefined;
    if (previous === type) return { postId, reactionCounts: reactionCounts(post), myReaction: type };
    await upsertReaction(tx.trx, postId, viewer.userId, type);
    const updated = await bumpPostCounts(tx.trx, postId, {
      up: countColumn(type),
      ...(previous ? { down: countColumn(previous) } : { activity: 1 }),
    });
    const counts = reactionCounts(updated);
    await tx.publish(FeedReactionAdded, {
      postId,
      postAuthorId: post.author_id,
      memberId: viewer.userId,
      type,
      previousType: previous ?? null,
      reactionCounts: counts,
    });
    return { postId, reactionCounts: counts, myReaction: type };
  });
}

export async function unreact(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  postId: string,
): Promise<ReactionSummary> {
  return deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const post = await visiblePost(tx.trx, viewer, postId, true);
    const previous = (await findReaction(tx.trx, postId, viewer.userId))?.type as ReactionType | undefined;
    if (!previous) return { postId, reactionCounts: reactionCounts(post), myReaction: null };
    await deleteReaction(tx.trx, postId, viewer.userId);
    const updated = await bumpPostCounts(tx.trx, postId, { down: countColumn(previous) });
    const counts = reactionCounts(updated);
    await tx.publish(FeedReactionRemoved, {
      postId,
      postAuthorId: post.author_id,
      memberId: viewer.userId,
      type: previous,
      reactionCounts: counts,
    });
    return { postId, reactionCounts: counts, myReaction: null };
  });
}

/** Who reacted (newest first), without members the viewer blocked or muted. */
export async function whoReacted(
  deps: Pick<CommunityFeedDeps, 'db'>,
  viewer: Viewer,
  postId: string,
  type: ReactionType | undefined,
): Promise<Reactors> {
  await visiblePost(deps.db, viewer, postId);
  const hidden = await hiddenAuthorsFor(deps.db, viewer.userId);
  const rows = (await reactionsOf(deps.db, postId, type)).filter((r) => !hidden.has(r.user_id));
  const members = await findMembers(
    deps.db,
    rows.map((r) => r.user_id),
  );
  return {
    reactions: rows.map((r) => ({
      member: toMember(r.user_id, members),
      type: r.type as ReactionType,
      reactedAt: r.created_at.toISOString(),
    })),
  };
}
