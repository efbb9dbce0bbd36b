import { randomUUID } from 'node:crypto';
import {
  FeedContentAutoHidden,
  FeedContentReported,
  REPORT_REASON_MAX_LENGTH,
  type ReportTargetType,
} from '@mer/contracts';
import { invalidData, notFound } from '@mer/service-runtime';
import { findReply, setDiscussionHiddenAt, setReplyHiddenAt } from '../db/discussions.repository.ts';
import { findPhotoForUpdate, setPhotoHidden } from '../db/photos.repository.ts';
import { findComment, updateComment, updatePost } from '../db/posts.repository.ts';
import { countReporters, insertReport } from '../db/reports.repository.ts';
import type { CommunityFeedDeps, CommunityFeedTx } from '../deps.ts';
import { reachesHideThreshold } from '../domain/feed-rules.ts';
import { lockLiveMember, type Viewer } from './access.ts';
import { visibleDiscussion } from './discussions.ts';
import { cleanMemberText, plainExcerpt } from './member-text.ts';
import { visiblePost } from './posts.ts';

/**
 * A member reports a post, comment, photo, discussion or discussion reply with a reason (any signed-in member: reporting harm needs no
 * membership). One report per member per item; when 3 different members reported it, the item is hidden pending
 * review. Both steps are published (the admin issue builds its queue from them). The item's row is locked first,
 * so concurrent reports cross the threshold exactly once.
 */
export async function report(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  body: { targetType: ReportTargetType; targetId: string; reason: string },
): Promise<{ reportId: string; hidden: boolean }> {
  const reason = await cleanMemberText(deps, viewer.userId, 'report.reason', body.reason, {
    maxLength: REPORT_REASON_MAX_LENGTH,
    html: false,
    required: true,
  });
  return deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const target = await lockTarget(tx, viewer, body.targetType, body.targetId);
    if (target.authorId === viewer.userId)
      throw invalidData('Invalid Data', 'You cannot report your own content.', 'targetId');
    const reportId = randomUUID();
    const added = await insertReport(tx.trx, { id: reportId, ...body, reason, reporterId: viewer.userId });
    if (!added) return { reportId, hidden: target.hidden };
    const reportCount = await countReporters(tx.trx, body.targetType, body.targetId);
    await tx.publish(FeedContentReported, {
      reportId,
      targetType: body.targetType,
      targetId: body.targetId,
      authorId: target.authorId,
      reporterId: viewer.userId,
      reason,
      reportCount,
      ...(target.context !== undefined ? { context: target.context } : {}),
      ...(target.place ? { place: target.place } : {}),
    });
    if (target.hidden || !reachesHideThreshold(reportCount)) return { reportId, hidden: target.hidden };
    await target.hide();
    await tx.publish(FeedContentAutoHidden, {
      targetType: body.targetType,
      targetId: body.targetId,
      authorId: target.authorId,
      reportCount,
    });
    return { reportId, hidden: true };
  });
}

interface Target {
  authorId: string;
  hidden: boolean;
  hide(): Promise<void>;
  /** What the moderator reads in the queue (a discussion's title, a reply's opening); posts are linked instead. */
  context?: string;
  /** A reply's discussion, so the queue links its page. */
  place?: { discussionId: string };
}

async function lockTarget(
  tx: CommunityFeedTx,
  viewer: Viewer,
  type: ReportTargetType,
  id: string,
): Promise<Target> {
  if (type === 'post') {
    const post = await visiblePost(tx.trx, viewer, id, true);
    return {
      authorId: post.author_id,
      hidden: post.hidden_at !== null,
      hide: async () => void (await updatePost(tx.trx, id, { hidden_at: new Date() })),
    };
  }
  if (type === 'comment') {
    const comment = await findComment(tx.trx, id);
    if (!comment) throw notFound();
    // The post's row is the lock for everything on it.
    await visiblePost(tx.trx, viewer, comment.post_id, true);
    return {
      authorId: comment.author_id,
      hidden: comment.hidden_at !== null,
      hide: async () => void (await updateComment(tx.trx, id, { hidden: true })),
    };
  }
  if (type === 'discussion') {
    const discussion = await visibleDiscussion(tx.trx, viewer, id, true);
    return {
      authorId: discussion.author_id,
      hidden: discussion.hidden_at !== null,
      hide: () => setDiscussionHiddenAt(tx.trx, id, new Date()),
      context: discussion.title,
    };
  }
  if (type === 'discussion_reply') {
    const reply = await findReply(tx.trx, id);
    if (!reply) throw notFound();
    // The discussion's row is the lock for everything on it; a reply of a discussion the member cannot see is 404.
    await visibleDiscussion(tx.trx, viewer, reply.discussion_id, true);
    if (reply.hidden_at && reply.author_id !== viewer.userId && !viewer.moderator) throw notFound();
    return {
      authorId: reply.author_id,
      hidden: reply.hidden_at !== null,
      hide: () => setReplyHiddenAt(tx.trx, id, new Date()),
      context: plainExcerpt(reply.body),
      place: { discussionId: reply.discussion_id },
    };
  }
  const photo = await findPhotoForUpdate(tx.trx, id);
  if (!photo) throw notFound();
  return {
    authorId: photo.owner_id,
    hidden: photo.hidden_at !== null,
    hide: () => setPhotoHidden(tx.trx, id),
  };
}
