import { randomUUID } from 'node:crypto';
import {
  AdminModerationDecided,
  MODERATION_NOTE_MAX_LENGTH,
  type CirclesContentReported,
  type MessageReported,
  type EventPayload,
  type FeedContentAutoHidden,
  type FeedContentReported,
  type MemberReported,
  type ModerationDecisionRequest,
  type ModerationItem,
  type ModerationList,
  type ModerationPlace,
} from '@mer/contracts';
import { invalidData, notFound } from '@mer/service-runtime';
import { sanitise } from '@mer/text-sanitiser';
import {
  findItemForUpdate,
  insertReport,
  listItems,
  reportsOfItems,
  updateItem,
  upsertItemOnReport,
} from '../db/moderation.repository.ts';
import type { ModerationItemRow, ModerationReportRow, ModerationTargetType } from '../db/tables.ts';
import type { AdminDeps, AdminTx } from '../deps.ts';
import { actionFits, authorMessage, reporterMessage } from '../domain/moderation-rules.ts';
import { weekStart } from '../domain/weeks.ts';
import { audit } from './audit.ts';
import { countWeekly, noteActivity } from './dashboard.ts';

/** The longest context kept with an item (an excerpt is shorter; a longer one is refused by the sanitiser: none). */
const MODERATION_CONTEXT_MAX_LENGTH = 500;

/** Who carries out decisions about what: the feed owns its content, identity owns accounts. */
const OWNER_OF_MEMBERS = 'identity';
const FEED = 'community-feed';
const CIRCLES = 'events-circles';
const MESSAGING = 'messaging';

/** A member reported a post, comment or photo in the feed: the item enters (or re-enters) the queue. */
export async function recordFeedReport(
  tx: AdminTx,
  report: EventPayload<typeof FeedContentReported>,
  occurredAt: string,
): Promise<void> {
  await recordContentReport(tx, FEED, report, occurredAt);
}

/** A member reported a circle, an event or a circle post: the item enters (or re-enters) the queue with its context. */
export async function recordCirclesReport(
  tx: AdminTx,
  report: EventPayload<typeof CirclesContentReported>,
  occurredAt: string,
): Promise<void> {
  await recordContentReport(tx, CIRCLES, report, occurredAt);
}

/** A member of a conversation reported a message: the queue shows that message's text and nothing else of it. */
export async function recordMessageReport(
  tx: AdminTx,
  report: EventPayload<typeof MessageReported>,
  occurredAt: string,
): Promise<void> {
  await recordContentReport(tx, MESSAGING, report, occurredAt);
}

async function recordContentReport(
  tx: AdminTx,
  service: string,
  report: {
    reportId: string;
    targetType: ModerationTargetType;
    targetId: string;
    authorId: string;
    reporterId: string;
    reason: string;
    /** What was reported, as the owner shows it (the feed sends none for posts: the queue links to the item). */
    context?: string;
    /** Where it lives, when its id alone does not lead to its page. */
    place?: ModerationPlace;
  },
  occurredAt: string,
): Promise<void> {
  const at = new Date(occurredAt);
  const item = await upsertItemOnReport(tx.trx, {
    id: randomUUID(),
    service,
    target_type: report.targetType,
    target_id: report.targetId,
    author_id: report.authorId,
    context: report.context === undefined ? null : contextOf(report.context),
    place: report.place === undefined ? null : JSON.stringify(placeOf(report.place)),
    first_reported_at: at,
    last_reported_at: at,
  });
  const added = await insertReport(tx.trx, {
    report_id: report.reportId,
    item_id: item.id,
    reporter_id: report.reporterId,
    reason: report.reason,
    details: null,
    reported_at: at,
  });
  if (added) await countReport(tx, report.reporterId, at);
}

/**
 * The owner sends the context sanitised already; it is passed through the shared sanitiser once more (plain text,
 * bounded) because the queue shows it to admins and a bus message is no proof of who wrote it.
 */
function contextOf(context: string): string | null {
  const cleaned = sanitise(context, {
    maxLength: MODERATION_CONTEXT_MAX_LENGTH,
    allowHtml: false,
    allowLinks: false,
  });
  if (!cleaned.ok) return null;
  return cleaned.value === '' ? null : cleaned.value;
}

/**
 * Only the place's known fields are kept, and the circle's name is plain text as the context is: the queue shows it
 * to admins and builds links from the ids (the event's schema has proven they are uuids).
 */
function placeOf(place: ModerationPlace): ModerationPlace {
  const circleName = place.circleName === undefined ? null : contextOf(place.circleName);
  return {
    ...(place.circleId ? { circleId: place.circleId } : {}),
    ...(circleName ? { circleName } : {}),
    ...(place.discussionId ? { discussionId: place.discussionId } : {}),
  };
}

/** The feed hid an item at the report threshold: the queue shows it hidden pending review. */
export async function recordFeedAutoHidden(
  tx: AdminTx,
  hidden: EventPayload<typeof FeedContentAutoHidden>,
  occurredAt: string,
): Promise<void> {
  const at = new Date(occurredAt);
  const item = await upsertItemOnReport(tx.trx, {
    id: randomUUID(),
    service: FEED,
    target_type: hidden.targetType,
    target_id: hidden.targetId,
    author_id: hidden.authorId,
    first_reported_at: at,
    last_reported_at: at,
  });
  await updateItem(tx.trx, item.id, { hidden: true });
}

/** A member reported another member (social-graph): decisions about accounts are identity's. */
export async function recordMemberReport(
  tx: AdminTx,
  report: EventPayload<typeof MemberReported>,
): Promise<void> {
  const at = new Date(report.reportedAt);
  const item = await upsertItemOnReport(tx.trx, {
    id: randomUUID(),
    service: OWNER_OF_MEMBERS,
    target_type: 'member',
    target_id: report.reportedId,
    author_id: report.reportedId,
    first_reported_at: at,
    last_reported_at: at,
  });
  const added = await insertReport(tx.trx, {
    report_id: report.reportId,
    item_id: item.id,
    reporter_id: report.reporterId,
    reason: report.reason,
    details: report.details,
    reported_at: at,
  });
  if (added) await countReport(tx, report.reporterId, at);
}

async function countReport(tx: AdminTx, reporterId: string, at: Date): Promise<void> {
  await countWeekly(tx, 'reports', at);
  await noteActivity(tx, reporterId, weekStart(at));
}

export async function moderationQueue(
  deps: AdminDeps,
  query: { status?: 'open' | 'decided'; authorId?: string; limit?: number; offset?: number },
): Promise<ModerationList> {
  const { items, total } = await listItems(deps.db, {
    status: query.status,
    authorId: query.authorId,
    limit: query.limit ?? 25,
    offset: query.offset ?? 0,
  });
  const reports = await reportsOfItems(
    deps.db,
    items.map((i) => i.id),
  );
  return { items: items.map((item) => present(item, reports)), total };
}

/**
 * An admin decides on an item. Nothing is written into another service's schema: the decision is published
 * (admin.moderation.decided.v1) and the owner carries it out (community-feed hides, restores or deletes its
 * content; identity suspends), notifications tell the reporters and the author. The queue's own state, the event
 * and the audit entry are one transaction.
 */
export async function decide(
  deps: AdminDeps,
  adminId: string,
  itemId: string,
  body: ModerationDecisionRequest,
): Promise<ModerationItem> {
  const note = cleanNote(body.note);
  const { item, reports } = await deps.transaction(async (tx) => {
    const current = await findItemForUpdate(tx.trx, itemId);
    if (!current) throw notFound();
    if (!actionFits(body.action, current.target_type))
      throw invalidData(
        'Invalid Data',
        `A ${current.target_type} cannot be given the action ${body.action}.`,
        'action',
      );
    const decidedAt = new Date();
    const hidden =
      body.action === 'hide'
        ? true
        : body.action === 'restore' || body.action === 'dismiss'
          ? false
          : current.hidden;
    const updated = await updateItem(tx.trx, itemId, {
      status: 'decided',
      hidden,
      last_action: body.action,
      decided_by: adminId,
      decided_at: decidedAt,
    });
    const reports = await reportsOfItems(tx.trx, [itemId]);
    await tx.publish(AdminModerationDecided, {
      decisionId: randomUUID(),
      itemId,
      service: current.service,
      targetType: current.target_type,
      targetId: current.target_id,
      authorId: current.author_id,
      action: body.action,
      note,
      decidedBy: adminId,
      decidedAt: decidedAt.toISOString(),
      reporterIds: [...new Set(reports.map((r) => r.reporter_id))],
      reporterMessage: reporterMessage(body.action, current.target_type),
      authorMessage: authorMessage(body.action, current.target_type, note),
    });
    await audit(tx, {
      actorId: adminId,
      action: `moderation.${body.action}`,
      targetType: current.target_type,
      targetId: current.target_id,
      before: snapshot(current),
      after: { ...snapshot(updated), note },
    });
    return { item: updated, reports };
  });
  return present(item, reports);
}

function cleanNote(note: string | undefined): string | null {
  if (note === undefined) return null;
  const cleaned = sanitise(note, { maxLength: MODERATION_NOTE_MAX_LENGTH });
  if (!cleaned.ok) throw invalidData('Invalid Data', cleaned.error, 'note');
  return cleaned.value === '' ? null : cleaned.value;
}

function snapshot(item: ModerationItemRow): Record<string, unknown> {
  return { status: item.status, hidden: item.hidden, lastAction: item.last_action };
}

function present(item: ModerationItemRow, reports: readonly ModerationReportRow[]): ModerationItem {
  const own = reports.filter((r) => r.item_id === item.id);
  return {
    id: item.id,
    service: item.service,
    targetType: item.target_type as ModerationTargetType,
    targetId: item.target_id,
    authorId: item.author_id,
    context: item.context,
    place: (item.place as ModerationPlace | null) ?? null,
    status: item.status,
    hidden: item.hidden,
    reportCount: new Set(own.map((r) => r.reporter_id)).size,
    reports: own.map((r) => ({
      reportId: r.report_id,
      reporterId: r.reporter_id,
      reason: r.reason,
      details: r.details,
      reportedAt: r.reported_at.toISOString(),
    })),
    lastAction: (item.last_action as ModerationItem['lastAction']) ?? null,
    decidedBy: item.decided_by,
    decidedAt: item.decided_at?.toISOString() ?? null,
    firstReportedAt: item.first_reported_at.toISOString(),
  };
}
