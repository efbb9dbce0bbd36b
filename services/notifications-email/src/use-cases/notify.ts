import { createHash, randomUUID } from 'node:crypto';
import { NotificationCreated, type Notification, type NotificationType } from '@mer/contracts';
import { queueEmails } from '../db/email-queue.repository.ts';
import {
  countUnreadByMember,
  deleteNotification,
  findGroupForUpdate,
  insertNotification,
  insertNotifications,
  updateAggregate,
  type NewNotificationRow,
  type NotificationRow,
} from '../db/notifications.repository.ts';
import { findMember, findRecipients, type RecipientRow } from '../db/members.repository.ts';
import type { AggregatedReactorRow } from '../db/tables.ts';
import {
  actionUrlFor,
  allowsNotification,
  allowsNotificationEmail,
  allowsPush,
  effectivePreferences,
  notificationPriority,
  priorityLabel,
  reactionMessage,
  type NotificationPreferences,
} from '../domain/notification-rules.ts';
import { displayName } from '../domain/html.ts';
import type { NotificationsEmailDeps, NotificationsEmailTx } from '../deps.ts';
import { notificationEmailRequest } from './notification-emails.ts';

/** What a consumer asks for: the spec's create_notification, plus the cause that makes it happen once. */
export interface NotificationRequest {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  /** What caused it (one notification per cause and member, whatever is redelivered). */
  sourceKey: string;
  connectionRequestId?: string | null;
  senderUserId?: string | null;
  senderName?: string | null;
  senderAvatarUrl?: string | null;
  metadata?: Record<string, unknown>;
  contentPreview?: string | null;
  /** The e-mail queue's email_type (spec 001 section 4's priorities): defaults to the notification type. */
  emailType?: string;
  emailData?: Record<string, unknown>;
  at: Date;
}

/** The member as the recipient of a notification, or null when this service does not know them yet. */
async function recipient(tx: NotificationsEmailTx, userId: string): Promise<Recipient | null> {
  return (await recipients(tx, [userId])).get(userId) ?? null;
}

/** A known member with their notification and e-mail preferences. */
interface Recipient {
  member: RecipientRow;
  prefs: NotificationPreferences;
}

async function recipients(
  tx: NotificationsEmailTx,
  userIds: readonly string[],
): Promise<Map<string, Recipient>> {
  const rows = await findRecipients(tx.trx, userIds);
  return new Map(
    [...rows].map(([id, member]) => [
      id,
      { member, prefs: effectivePreferences(member.notification_preferences) },
    ]),
  );
}

/**
 * Members per round of a fan-out: each round reads their preferences in one query and writes the notifications,
 * their live updates and their e-mails with one multi-row INSERT each (a few hundred rows keep every statement well
 * under Postgres's bind-parameter limit).
 */
const FAN_OUT_CHUNK = 500;

/**
 * Spec 001 section 7's create_notification: stored only when the recipient's preferences exist (the member is
 * known here) and allow the type; then pushed live to their tabs (an event through the outbox), e-mailed when
 * their preferences allow it, and sent to their devices by web push for the pushed types.
 */
export async function createNotification(
  deps: NotificationsEmailDeps,
  tx: NotificationsEmailTx,
  request: NotificationRequest,
): Promise<Notification | null> {
  const [created] = await createNotifications(deps, tx, [request]);
  return created ?? null;
}

/**
 * create_notification for many members at once (a circle announcement to thousands, an event's attendees): the same
 * rules as one by one, in a few statements per few hundred members instead of several per member. Returns the
 * notifications created; a cause a member already has a notification for (a redelivered event) creates nothing.
 */
export async function createNotifications(
  deps: NotificationsEmailDeps,
  tx: NotificationsEmailTx,
  requests: readonly NotificationRequest[],
): Promise<Notification[]> {
  const wanted = new Map<string, NotificationRequest>();
  for (const request of requests) {
    if (request.senderUserId && request.senderUserId === request.userId) continue;
    const key = `${request.userId}\u0000${request.sourceKey}`;
    if (!wanted.has(key)) wanted.set(key, request);
  }
  const all = [...wanted.values()];
  const created: Notification[] = [];
  for (let i = 0; i < all.length; i += FAN_OUT_CHUNK) {
    const chunk = all.slice(i, i + FAN_OUT_CHUNK);
    const known = await recipients(
      tx,
      chunk.map((r) => r.userId),
    );
    const allowed = chunk.flatMap((request) => {
      const to = known.get(request.userId);
      return to && allowsNotification(to.prefs, request.type)
        ? [{ request, to, values: newNotificationRow(request) }]
        : [];
    });
    const stored = new Map(
      (
        await insertNotifications(
          tx.trx,
          allowed.map((a) => a.values),
        )
      ).map((row) => [row.id, row]),
    );
    // In the order asked for (RETURNING promises none), so live updates and e-mails follow it.
    const announced = await announce(
      deps,
      tx,
      allowed.flatMap(({ request, to, values }) => {
        const row = stored.get(values.id);
        return row
          ? [
              {
                row,
                to,
                aggregated: false,
                emailType: request.emailType ?? request.type,
                emailData: request.emailData ?? {},
              },
            ]
          : [];
      }),
    );
    created.push(...announced);
  }
  return created;
}
function newNotificationRow(request: NotificationRequest): NewNotificationRow {
  const metadata = request.metadata ?? {};
  return {
    id: randomUUID(),
    userId: request.userId,
    type: request.type,
    title: request.title,
    message: request.message,
    connectionRequestId: request.connectionRequestId ?? null,
    senderUserId: request.senderUserId ?? null,
    senderName: request.senderName ?? null,
    senderAvatarUrl: request.senderAvatarUrl ?? null,
    metadata,
    priority: notificationPriority(request.type, metadata),
    actionUrl: actionUrlFor(request.type, { senderUserId: request.senderUserId, metadata }),
    contentPreview: request.contentPreview ?? null,
    isGrouped: false,
    groupKey: null,
    aggregatedData: [],
    lastReactorId: null,
    lastReactorName: null,
    totalReactors: 1,
    reactionType: null,
    sourceKey: request.sourceKey,
    at: request.at,
  };
}

/** A notification just stored or changed, to announce. */
interface Announcement {
  row: NotificationRow;
  to: Recipient;
  aggregated: boolean;
  emailType: string;
  emailData: Record<string, unknown>;
}

/**
 * After notifications were stored or changed: live to each member's tabs (notification.created through the outbox,
 * with their unread count), e-mail and push as each member allows. Many at once cost one count query, one outbox
 * insert and one queue insert.
 */
async function announce(
  deps: NotificationsEmailDeps,
  tx: NotificationsEmailTx,
  items: readonly Announcement[],
): Promise<Notification[]> {
  if (!items.length) return [];
  const unread = await countUnreadByMember(tx.trx, [...new Set(items.map((i) => i.row.user_id))]);
  const notifications = items.map((i) => toNotification(i.row));
  await tx.publishMany(
    NotificationCreated,
    items.map(({ row, aggregated }, k) => ({
      userId: row.user_id,
      notificationId: row.id,
      aggregated,
      notification: notifications[k] as unknown as Record<string, unknown>,
      unreadCount: unread.get(row.user_id) ?? 0,
      at: row.updated_at.toISOString(),
    })),
  );
  const now = deps.clock.now();
  const emails = items.flatMap(({ row, to, emailType, emailData }) => {
    const email = to.member.email;
    if (!email || !allowsNotificationEmail(to.prefs, row.type as NotificationType)) return [];
    const request = notificationEmailRequest(deps, {
      notification: row,
      to: { email, name: to.member.name },
      emailPreferences: to.member.emailPreferences,
      emailType,
      emailData,
      now,
    });
    return request ? [request] : [];
  });
  await queueEmails(tx.trx, emails);
  for (const { row, to } of items) {
    if (!allowsPush(to.prefs, row.type as NotificationType)) continue;
    const push = { title: row.title, body: row.message, url: row.action_url, tag: row.id };
    tx.afterCommit(() => deps.push.sendToMember(row.user_id, push));
  }
  return notifications;
}

/** A member's reaction to a post, as the feed reports it. */
export interface ReactionFacts {
  postId: string;
  postAuthorId: string;
  reactorId: string;
  reactionType: string;
  /** Set when the member only changed their reaction. */
  previousType: string | null;
  at: Date;
  metadata?: Record<string, unknown>;
}

const reactionGroup = (postId: string) => `post_reaction:${postId}`;

async function announceOne(
  deps: NotificationsEmailDeps,
  tx: NotificationsEmailTx,
  item: { row: NotificationRow; to: Recipient; aggregated: boolean },
): Promise<Notification> {
  const [notification] = await announce(deps, tx, [{ ...item, emailType: 'post_reaction', emailData: {} }]);
  return notification!;
}

/**
 * Reactions to one post aggregate into one notification (group_key post_reaction:<postId>): the first reactor
 * makes a post_reaction; a second makes it an aggregated_reaction listing every reactor (aggregated_data), the
 * last one named: "Mira and 4 others reacted to your post". A new reactor moves it to the top and makes it unread
 * again; a changed reaction only updates that reactor's entry.
 */
export async function recordReaction(
  deps: NotificationsEmailDeps,
  tx: NotificationsEmailTx,
  facts: ReactionFacts,
): Promise<Notification | null> {
  if (facts.reactorId === facts.postAuthorId) return null;
  const to = await recipient(tx, facts.postAuthorId);
  if (!to || !allowsNotification(to.prefs, 'post_reaction')) return null;
  const reactor = await findMember(tx.trx, facts.reactorId);
  const reactorName = displayName(reactor?.name ?? '') || 'A member';
  const entry: AggregatedReactorRow = {
    user_id: facts.reactorId,
    reactor_name: reactorName,
    avatar_url: reactor?.image_url ?? null,
    reaction_type: facts.reactionType,
    created_at: facts.at.toISOString(),
  };
  const metadata = {
    post_id: facts.postId,
    post_type: 'community',
    reaction_type: facts.reactionType,
    ...facts.metadata,
  };
  const groupKey = reactionGroup(facts.postId);
  const inserted = await insertNotification(tx.trx, {
    id: randomUUID(),
    userId: facts.postAuthorId,
    type: 'post_reaction',
    title: 'New reaction',
    message: reactionMessage(reactorName, 1),
    connectionRequestId: null,
    senderUserId: facts.reactorId,
    senderName: reactorName,
    senderAvatarUrl: entry.avatar_url,
    metadata,
    priority: notificationPriority('post_reaction'),
    actionUrl: actionUrlFor('post_reaction', { metadata }),
    contentPreview: null,
    isGrouped: false,
    groupKey,
    aggregatedData: [entry],
    lastReactorId: facts.reactorId,
    lastReactorName: reactorName,
    totalReactors: 1,
    reactionType: facts.reactionType,
    sourceKey: groupKey,
    at: facts.at,
  });
  if (inserted) return announceOne(deps, tx, { row: inserted, to, aggregated: false });

  const current = await findGroupForUpdate(tx.trx, facts.postAuthorId, groupKey);
  if (!current) return null;
  const others = current.aggregated_data.filter((r) => r.user_id !== facts.reactorId);
  const known = others.length !== current.aggregated_data.length;
  if (known && facts.previousType) {
    // Only a changed reaction: that reactor's entry changes, nothing is announced again.
    const reactors = current.aggregated_data.map((r) =>
      r.user_id === facts.reactorId ? { ...r, reaction_type: facts.reactionType } : r,
    );
    await updateAggregate(tx.trx, current.id, aggregateFields(current, reactors, null));
    return null;
  }
  const reactors = [entry, ...others];
  const updated = await updateAggregate(tx.trx, current.id, aggregateFields(current, reactors, facts.at));
  return announceOne(deps, tx, { row: updated, to, aggregated: true });
}

/** A member took their reaction back: they leave the aggregate; with nobody left the notification goes. */
export async function removeReaction(
  tx: NotificationsEmailTx,
  facts: { postId: string; postAuthorId: string; reactorId: string },
): Promise<void> {
  const current = await findGroupForUpdate(tx.trx, facts.postAuthorId, reactionGroup(facts.postId));
  if (!current) return;
  const reactors = current.aggregated_data.filter((r) => r.user_id !== facts.reactorId);
  if (reactors.length === current.aggregated_data.length) return;
  if (!reactors.length) {
    await deleteNotification(tx.trx, current.id);
    return;
  }
  await updateAggregate(tx.trx, current.id, aggregateFields(current, reactors, null));
}

function aggregateFields(current: NotificationRow, reactors: AggregatedReactorRow[], bump: Date | null) {
  const last = reactors[0]!;
  const total = reactors.length;
  return {
    type: total > 1 ? 'aggregated_reaction' : 'post_reaction',
    title: total > 1 ? 'New reactions' : 'New reaction',
    message: reactionMessage(last.reactor_name, total),
    isGrouped: total > 1,
    aggregatedData: reactors,
    lastReactorId: last.user_id,
    lastReactorName: last.reactor_name,
    senderUserId: last.user_id,
    senderName: last.reactor_name,
    senderAvatarUrl: last.avatar_url,
    totalReactors: total,
    reactionType: last.reaction_type,
    metadata: { ...current.metadata, reaction_type: last.reaction_type },
    bump,
  };
}

/** The contract's Notification from a stored row. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    read: row.read,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    userId: row.user_id,
    connectionRequestId: row.connection_request_id,
    senderUserId: row.sender_user_id,
    senderName: row.sender_name,
    senderAvatarUrl: row.sender_avatar_url,
    metadata: row.metadata,
    priority: row.priority,
    priorityLabel: priorityLabel(row.priority),
    actionUrl: row.action_url,
    contentPreview: row.content_preview,
    isGrouped: row.is_grouped,
    groupKey: row.group_key,
    aggregatedData: row.aggregated_data,
    lastReactorId: row.last_reactor_id,
    lastReactorName: row.last_reactor_name,
    totalReactors: row.total_reactors,
    reactionType: row.reaction_type,
  };
}

/** A stable uuid from parts (the e-mail queue's event_id for one cause and member). */
export function derivedUuid(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
