import { randomUUID } from 'node:crypto';
import {
  CircleDeleted,
  CircleForumContentModerated,
  CirclePostDeleted,
  CirclesContentReported,
  EventCancelled,
  MeetupCancelled,
  REPORT_REASON_MAX_LENGTH,
  type AdminModerationDecided,
  type CirclesReportBody,
  type CirclesReportReceipt,
  type EventPayload,
} from '@mer/contracts';
import { invalidData, notFound } from '@mer/service-runtime';
import { sanitise } from '@mer/text-sanitiser';
import { deletePost, lockCircle } from '../db/circles.repository.ts';
import {
  deleteCircle,
  deleteEvents,
  deleteGatheringsRsvps,
  deleteMeetups,
  occurrenceIdsOf,
} from '../db/erasure.repository.ts';
import { lockEvent } from '../db/events.repository.ts';
import {
  allMeetupsOfCircle,
  countReporters,
  deleteDiscussionById,
  deleteReplyById,
  deleteReportsOfTarget,
  findDiscussionById,
  findPostById,
  findReplyById,
  insertReport,
  memberIdsOfCircle,
  replyIdsOfDiscussion,
  setHiddenAt,
} from '../db/reports.repository.ts';
import { attendeeIdsOf } from '../db/rsvps.repository.ts';
import type { ReportTargetKind } from '../db/tables.ts';
import type { EventsCirclesDeps, EventsCirclesTx } from '../deps.ts';
import { requireContributor, type Viewer } from './access.ts';
import { requireCircleMember, visibleCircle } from './circles.ts';
import { visibleEvent } from './events.ts';
import { cleanMemberText } from './member-text.ts';

/** How much of a post the moderator reads in the queue. */
const EXCERPT_LENGTH = 280;
const SERVICE = 'events-circles';

/**
 * A member with an active membership reports a circle, an event or a circle post they can see, with a reason (plain
 * text, as the feed's report). One report per member per item: a repeat answers the existing report. The report is
 * published with what was reported (the circle's name, the event's title, the post's opening) for the admin's
 * moderation queue; the admin's decision comes back as admin.moderation.decided.v1 (applyModerationDecision).
 */
export async function report(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  body: CirclesReportBody,
): Promise<CirclesReportReceipt> {
  const reason = await cleanMemberText(deps, viewer.userId, 'report.reason', body.reason, {
    maxLength: REPORT_REASON_MAX_LENGTH,
    html: false,
    required: true,
  });
  return deps.transaction(async (tx) => {
    await requireContributor(deps, tx, viewer);
    const target = await reportedItem(tx, viewer, body.targetType, body.targetId);
    if (target.authorId === viewer.userId)
      throw invalidData('Invalid Data', 'You cannot report your own content.', 'targetId');
    const { reportId, added } = await insertReport(tx.trx, {
      id: randomUUID(),
      targetType: body.targetType,
      targetId: body.targetId,
      reporterId: viewer.userId,
      reason,
    });
    if (!added) return { reportId, alreadyReported: true };
    await tx.publish(CirclesContentReported, {
      reportId,
      targetType: body.targetType,
      targetId: body.targetId,
      authorId: target.authorId,
      reporterId: viewer.userId,
      reason,
      reportCount: await countReporters(tx.trx, body.targetType, body.targetId),
      context: target.context,
      ...(target.place ? { place: target.place } : {}),
    });
    return { reportId, alreadyReported: false };
  });
}

interface ReportedItem {
  authorId: string;
  /** What the moderator reads: a name, a title or an opening. */
  context: string;
  /** The circle (with its name) of a post, discussion or reply, and a reply's discussion: the queue links the page. */
  place?: { circleId: string; circleName: string; discussionId?: string };
}

/** The reported item as the reporter may see it (else 404, as reading it would), locked so counts stay exact. */
async function reportedItem(
  tx: EventsCirclesTx,
  viewer: Viewer,
  type: ReportTargetKind,
  id: string,
): Promise<ReportedItem> {
  if (type === 'circle') {
    await visibleCircle(tx.trx, viewer, id);
    const circle = await lockCircle(tx.trx, id);
    if (!circle) throw notFound('Circle not found.');
    return { authorId: circle.holder_id, context: circle.name };
  }
  if (type === 'event') {
    await visibleEvent(tx.trx, viewer, id);
    const event = await lockEvent(tx.trx, id);
    if (!event) throw notFound('Event not found.');
    return { authorId: event.host_id, context: event.title };
  }
  if (type === 'circle_post') {
    const post = await findPostById(tx.trx, id);
    if (!post || (post.hidden_at && post.author_id !== viewer.userId && !viewer.reviewer))
      throw notFound('Post not found.');
    // Circle posts are for the circle's members (reviewers may read): only they can have seen it.
    const { circle } = await requireCircleMember(tx.trx, viewer, post.circle_id, { write: false });
    return {
      authorId: post.author_id,
      context: excerpt(post.content),
      place: { circleId: circle.id, circleName: circle.name },
    };
  }
  if (type === 'circle_discussion') {
    const discussion = await findDiscussionById(tx.trx, id);
    if (!discussion || !seesHidden(discussion, viewer)) throw notFound('Discussion not found.');
    // The forum is for the circle's members (reviewers may read), as its posts.
    const { circle } = await requireCircleMember(tx.trx, viewer, discussion.circle_id, { write: false });
    return {
      authorId: discussion.author_id,
      context: discussion.title,
      place: { circleId: circle.id, circleName: circle.name },
    };
  }
  const reply = await findReplyById(tx.trx, id);
  // The discussion's row is the lock for everything on it.
  const discussion = reply && (await findDiscussionById(tx.trx, reply.discussion_id));
  if (!reply || !discussion || !seesHidden(reply, viewer) || !seesHidden(discussion, viewer))
    throw notFound('Reply not found.');
  const { circle } = await requireCircleMember(tx.trx, viewer, discussion.circle_id, { write: false });
  return {
    authorId: reply.author_id,
    context: excerpt(reply.body),
    place: { circleId: circle.id, circleName: circle.name, discussionId: discussion.id },
  };
}

/** A moderator-hidden item is seen only by its author and reviewers. */
function seesHidden(item: { hidden_at: Date | null; author_id: string }, viewer: Viewer): boolean {
  return !item.hidden_at || item.author_id === viewer.userId || viewer.reviewer;
}

/**
 * A post's opening as plain text for the moderator: the stored content is sanitised HTML with a few formatting tags,
 * so the shared sanitiser's plain mode takes the tags (and entities) out; paragraphs and line breaks become spaces.
 */
export function excerpt(html: string): string {
  const plain = sanitise(html.replace(/<\/p>|<br\s*\/?>/gi, ' '), { maxLength: Infinity });
  const text = (plain.ok ? plain.value : '').replace(/\s+/g, ' ').trim();
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

type Decision = EventPayload<typeof AdminModerationDecided>;
const OWN_TARGETS: ReadonlySet<string> = new Set<ReportTargetKind>([
  'circle',
  'event',
  'circle_post',
  'circle_discussion',
  'circle_discussion_reply',
]);

/**
 * Carries out an admin's decision on events-circles' own items (the admin service never writes here). Hide: the
 * circle, event or post is no longer listed or shown to members (its holder, host or author still sees it, marked
 * hidden); restore: shown again, its reports forgotten so it starts afresh; delete: gone — a deleted event is first
 * cancelled for its attendees, a deleted circle's meetups too. Dismiss, warn and suspend change nothing here; an item
 * already gone is nothing to do, so a redelivered decision changes nothing. A change to a forum discussion or reply is
 * announced (events-circles.content.moderated.v1) to the circle's members, whose open discussion pages drop it at once
 * through the gateway's /ws.
 */
export async function applyModerationDecision(tx: EventsCirclesTx, decision: Decision): Promise<void> {
  if (decision.service !== SERVICE) return;
  if (!OWN_TARGETS.has(decision.targetType)) return;
  const type = decision.targetType as ReportTargetKind;
  // A forum item's page: read before a delete takes it, announced after the change (same transaction).
  const forumItem =
    (type === 'circle_discussion' || type === 'circle_discussion_reply') &&
    ['hide', 'restore', 'delete'].includes(decision.action)
      ? await forumItemOf(tx, type, decision.targetId)
      : undefined;
  await carryOut(tx, type, decision);
  if (forumItem)
    await tx.publish(CircleForumContentModerated, {
      targetType: type as 'circle_discussion' | 'circle_discussion_reply',
      targetId: decision.targetId,
      authorId: forumItem.authorId,
      circleId: forumItem.circleId,
      discussionId: forumItem.discussionId,
      change: decision.action === 'hide' ? 'hidden' : decision.action === 'restore' ? 'restored' : 'deleted',
      decisionId: decision.decisionId,
      memberIds: await memberIdsOfCircle(tx.trx, forumItem.circleId),
    });
}

/** Where a circle discussion or reply is shown (its circle and discussion) and who wrote it; undefined once gone. */
async function forumItemOf(
  tx: EventsCirclesTx,
  type: 'circle_discussion' | 'circle_discussion_reply',
  id: string,
): Promise<{ authorId: string; circleId: string; discussionId: string } | undefined> {
  if (type === 'circle_discussion') {
    const discussion = await findDiscussionById(tx.trx, id);
    return discussion && { authorId: discussion.author_id, circleId: discussion.circle_id, discussionId: id };
  }
  const reply = await findReplyById(tx.trx, id);
  // The discussion's row is the lock for everything on it.
  const discussion = reply && (await findDiscussionById(tx.trx, reply.discussion_id));
  return (
    discussion && { authorId: reply.author_id, circleId: discussion.circle_id, discussionId: discussion.id }
  );
}

async function carryOut(tx: EventsCirclesTx, type: ReportTargetKind, decision: Decision): Promise<void> {
  if (decision.action === 'hide' || decision.action === 'restore') {
    await setHiddenAt(
      tx.trx,
      type,
      decision.targetId,
      decision.action === 'hide' ? new Date(decision.decidedAt) : null,
    );
    if (decision.action === 'restore') await deleteReportsOfTarget(tx.trx, decision.targetId);
    return;
  }
  if (decision.action !== 'delete') return;
  await deleteReportsOfTarget(tx.trx, decision.targetId);
  if (type === 'circle_post') return deleteReportedPost(tx, decision.targetId);
  if (type === 'circle_discussion') return deleteReportedDiscussion(tx, decision.targetId);
  if (type === 'circle_discussion_reply') return deleteReportedReply(tx, decision.targetId);
  if (type === 'event') return deleteReportedEvent(tx, decision);
  return deleteReportedCircle(tx, decision);
}

async function deleteReportedPost(tx: EventsCirclesTx, postId: string): Promise<void> {
  const post = await findPostById(tx.trx, postId);
  if (!post) return;
  await deletePost(tx.trx, postId);
  await tx.publish(CirclePostDeleted, { postId, circleId: post.circle_id, authorId: post.author_id });
}

async function deleteReportedDiscussion(tx: EventsCirclesTx, discussionId: string): Promise<void> {
  if (!(await findDiscussionById(tx.trx, discussionId))) return;
  await deleteReportsOfTarget(tx.trx, ...(await replyIdsOfDiscussion(tx.trx, discussionId)));
  await deleteDiscussionById(tx.trx, discussionId);
}

async function deleteReportedReply(tx: EventsCirclesTx, replyId: string): Promise<void> {
  const reply = await findReplyById(tx.trx, replyId);
  if (!reply) return;
  await findDiscussionById(tx.trx, reply.discussion_id);
  await deleteReplyById(tx.trx, replyId);
}

async function deleteReportedEvent(tx: EventsCirclesTx, decision: Decision): Promise<void> {
  const event = await lockEvent(tx.trx, decision.targetId);
  if (!event) return;
  if (event.status === 'scheduled' && event.ends_at > new Date(decision.decidedAt))
    await tx.publish(EventCancelled, {
      eventId: event.id,
      title: event.title,
      hostId: event.host_id,
      startsAt: event.starts_at.toISOString(),
      reason: null,
      attendeeIds: await attendeeIdsOf(tx.trx, [event.id]),
      cancelledBy: decision.decidedBy,
    });
  await deleteGatheringsRsvps(tx.trx, [event.id]);
  await deleteEvents(tx.trx, [event.id]);
}

async function deleteReportedCircle(tx: EventsCirclesTx, decision: Decision): Promise<void> {
  const circle = await lockCircle(tx.trx, decision.targetId);
  if (!circle) return;
  const meetups = await allMeetupsOfCircle(tx.trx, circle.id);
  for (const m of meetups.filter((m) => m.status === 'scheduled')) {
    const occurrenceIds = await occurrenceIdsOf(tx.trx, [m.id]);
    await tx.publish(MeetupCancelled, {
      meetupId: m.id,
      circleId: circle.id,
      circleName: circle.name,
      title: m.title,
      hostId: m.host_id,
      timeZone: m.time_zone,
      rrule: m.rrule,
      firstStartsAt: decision.decidedAt,
      reason: null,
      attendeeIds: await attendeeIdsOf(tx.trx, occurrenceIds),
    });
  }
  await deleteGatheringsRsvps(
    tx.trx,
    await occurrenceIdsOf(
      tx.trx,
      meetups.map((m) => m.id),
    ),
  );
  await deleteMeetups(
    tx.trx,
    meetups.map((m) => m.id),
  );
  // Its members are told; the holder hears of it from the decision itself (its authorMessage).
  const memberIds = (await memberIdsOfCircle(tx.trx, circle.id)).filter((id) => id !== circle.holder_id);
  await tx.publish(CircleDeleted, {
    circleId: circle.id,
    name: circle.name,
    holderId: circle.holder_id,
    memberIds,
    deletedBy: decision.decidedBy,
    deletedAt: decision.decidedAt,
  });
  // Members, updates, the forum, posts and reactions go with the circle (on delete cascade).
  await deleteCircle(tx.trx, circle.id);
}
