import {
  NotificationsEmailTexts,
  NotificationsRead,
  type Notification,
  type NotificationType,
} from '@mer/contracts';
import { DomainError, invalidData } from '@mer/service-runtime';
import {
  countUnread,
  findNotification,
  listNotifications,
  markRead,
} from '../db/notifications.repository.ts';
import type { NotificationsEmailDeps } from '../deps.ts';
import { toNotification } from './notify.ts';

const DEFAULT_LIMIT = 20;

/** A page of the member's notifications, newest activity first; the cursor is the last item's (updatedAt, id). */
export async function listMyNotifications(
  deps: Pick<NotificationsEmailDeps, 'db'>,
  userId: string,
  query: {
    type?: NotificationType | undefined;
    unread?: boolean | undefined;
    limit?: number | undefined;
    cursor?: string | undefined;
  },
): Promise<{ notifications: Notification[]; nextCursor: string | null; unreadCount: number }> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const types =
    query.type === 'post_reaction' || query.type === 'aggregated_reaction'
      ? ['post_reaction', 'aggregated_reaction']
      : query.type
        ? [query.type]
        : undefined;
  const after = query.cursor ? readCursor(query.cursor) : undefined;
  const rows = await listNotifications(deps.db, {
    userId,
    ...(types ? { types } : {}),
    ...(query.unread ? { unread: true } : {}),
    ...(after ? { after } : {}),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    notifications: page.map(toNotification),
    nextCursor: rows.length > limit && last ? writeCursor(new Date(last.updated_at), last.id) : null,
    unreadCount: await countUnread(deps.db, userId),
  };
}

function writeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
}

function readCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(at);
    if (typeof id === 'string' && !Number.isNaN(date.getTime())) return { at: date, id };
  } catch {
    // answered below
  }
  throw invalidData('Invalid cursor', 'The cursor is not one this list gave.', 'cursor');
}

export async function unreadCount(deps: Pick<NotificationsEmailDeps, 'db'>, userId: string): Promise<number> {
  return countUnread(deps.db, userId);
}

/** Marks one read (the per-item button, a click); the member's other tabs hear of it. */
export async function markOneRead(
  deps: NotificationsEmailDeps,
  userId: string,
  notificationId: string,
): Promise<{ notification: Notification; unreadCount: number }> {
  return deps.transaction(async (tx) => {
    const changed = await markRead(tx.trx, userId, [notificationId]);
    const row = await findNotification(tx.trx, userId, notificationId);
    if (!row)
      throw new DomainError('item_not_found', { message: NotificationsEmailTexts.notificationNotFound });
    const count = await countUnread(tx.trx, userId);
    if (changed.length) {
      await tx.publish(NotificationsRead, {
        userId,
        notificationIds: changed,
        all: false,
        unreadCount: count,
        at: deps.clock.now().toISOString(),
      });
    }
    return { notification: toNotification(row), unreadCount: count };
  });
}

/** Marks the shown ones (the popover after 2 s) or all read. Others' ids are ignored. */
export async function markManyRead(
  deps: NotificationsEmailDeps,
  userId: string,
  body: { ids?: string[] | undefined; all?: boolean | undefined },
): Promise<{ updated: number; unreadCount: number }> {
  const all = body.all === true;
  if (!all && !body.ids?.length) return { updated: 0, unreadCount: await countUnread(deps.db, userId) };
  return deps.transaction(async (tx) => {
    const changed = await markRead(tx.trx, userId, all ? null : body.ids!);
    const count = await countUnread(tx.trx, userId);
    if (changed.length) {
      await tx.publish(NotificationsRead, {
        userId,
        notificationIds: all ? [] : changed,
        all,
        unreadCount: count,
        at: deps.clock.now().toISOString(),
      });
    }
    return { updated: changed.length, unreadCount: count };
  });
}
