import { sql, type Kysely } from 'kysely';
import type { AggregatedReactorRow, NotificationsEmailTables, NotificationsTable } from './tables.ts';

type Db = Kysely<NotificationsEmailTables>;

export type NotificationRow = Omit<
  NotificationsTable,
  'read' | 'is_grouped' | 'total_reactors' | 'created_at' | 'updated_at' | 'metadata' | 'aggregated_data'
> & {
  read: boolean;
  is_grouped: boolean;
  total_reactors: number;
  created_at: Date;
  updated_at: Date;
  metadata: Record<string, unknown>;
  aggregated_data: AggregatedReactorRow[];
};

export interface NewNotificationRow {
  id: string;
  userId: string;
  type: string;
  title: string;
  message: string;
  connectionRequestId: string | null;
  senderUserId: string | null;
  senderName: string | null;
  senderAvatarUrl: string | null;
  metadata: Record<string, unknown>;
  priority: number;
  actionUrl: string;
  contentPreview: string | null;
  isGrouped: boolean;
  groupKey: string | null;
  aggregatedData: AggregatedReactorRow[];
  lastReactorId: string | null;
  lastReactorName: string | null;
  totalReactors: number;
  reactionType: string | null;
  sourceKey: string;
  at: Date;
}

function notificationValues(n: NewNotificationRow) {
  return {
    id: n.id,
    user_id: n.userId,
    type: n.type,
    title: n.title,
    message: n.message,
    created_at: n.at,
    updated_at: n.at,
    connection_request_id: n.connectionRequestId,
    sender_user_id: n.senderUserId,
    sender_name: n.senderName,
    sender_avatar_url: n.senderAvatarUrl,
    metadata: JSON.stringify(n.metadata),
    priority: n.priority,
    action_url: n.actionUrl,
    content_preview: n.contentPreview,
    is_grouped: n.isGrouped,
    group_key: n.groupKey,
    aggregated_data: JSON.stringify(n.aggregatedData),
    last_reactor_id: n.lastReactorId,
    last_reactor_name: n.lastReactorName,
    total_reactors: n.totalReactors,
    reaction_type: n.reactionType,
    source_key: n.sourceKey,
  };
}

/** Inserts a notification unless one for the same cause (or group) exists; returns it when inserted. */
export async function insertNotification(db: Db, n: NewNotificationRow): Promise<NotificationRow | null> {
  const [row] = await insertNotifications(db, [n]);
  return row ?? null;
}

/**
 * Inserts notifications in one statement, skipping those whose cause (or group) already has one for that member:
 * a redelivered event inserts nothing. Returns the inserted rows (in no particular order). At most a few hundred
 * rows per call: 23 bind parameters each, under Postgres's 65,535.
 */
export async function insertNotifications(
  db: Db,
  rows: readonly NewNotificationRow[],
): Promise<NotificationRow[]> {
  if (!rows.length) return [];
  const inserted = await db
    .insertInto('notifications')
    .values(rows.map(notificationValues))
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .execute();
  return inserted as NotificationRow[];
}

export async function findGroupForUpdate(
  db: Db,
  userId: string,
  groupKey: string,
): Promise<NotificationRow | null> {
  const row = await db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('group_key', '=', groupKey)
    .forUpdate()
    .executeTakeFirst();
  return (row as NotificationRow | undefined) ?? null;
}

export async function updateAggregate(
  db: Db,
  id: string,
  changes: {
    type: string;
    title: string;
    message: string;
    isGrouped: boolean;
    aggregatedData: AggregatedReactorRow[];
    lastReactorId: string | null;
    lastReactorName: string | null;
    senderUserId: string | null;
    senderName: string | null;
    senderAvatarUrl: string | null;
    totalReactors: number;
    reactionType: string | null;
    metadata: Record<string, unknown>;
    /** A new reactor: unread again and on top. */
    bump: Date | null;
  },
): Promise<NotificationRow> {
  const row = await db
    .updateTable('notifications')
    .set({
      type: changes.type,
      title: changes.title,
      message: changes.message,
      is_grouped: changes.isGrouped,
      aggregated_data: JSON.stringify(changes.aggregatedData),
      last_reactor_id: changes.lastReactorId,
      last_reactor_name: changes.lastReactorName,
      sender_user_id: changes.senderUserId,
      sender_name: changes.senderName,
      sender_avatar_url: changes.senderAvatarUrl,
      total_reactors: changes.totalReactors,
      reaction_type: changes.reactionType,
      metadata: JSON.stringify(changes.metadata),
      ...(changes.bump ? { read: false, updated_at: changes.bump } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as NotificationRow;
}

export async function deleteNotification(db: Db, id: string): Promise<void> {
  await db.deleteFrom('notifications').where('id', '=', id).execute();
}

export async function deleteBySource(db: Db, userId: string, sourceKey: string): Promise<string | null> {
  const row = await db
    .deleteFrom('notifications')
    .where('user_id', '=', userId)
    .where('source_key', '=', sourceKey)
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Changes the metadata status of the notification of a cause (a request accepted or withdrawn). */
export async function setStatusBySource(
  db: Db,
  userId: string,
  sourceKey: string,
  status: string,
): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ metadata: sql`metadata || ${JSON.stringify({ status })}::jsonb` })
    .where('user_id', '=', userId)
    .where('source_key', '=', sourceKey)
    .execute();
}

export async function findNotification(db: Db, userId: string, id: string): Promise<NotificationRow | null> {
  const row = await db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return (row as NotificationRow | undefined) ?? null;
}

export async function findNotificationById(db: Db, id: string): Promise<NotificationRow | null> {
  const row = await db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
  return (row as NotificationRow | undefined) ?? null;
}

export async function findNotificationsByIds(db: Db, ids: readonly string[]): Promise<NotificationRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  return rows as NotificationRow[];
}

export async function listNotifications(
  db: Db,
  opts: {
    userId: string;
    types?: string[];
    unread?: boolean;
    limit: number;
    after?: { at: Date; id: string };
  },
): Promise<NotificationRow[]> {
  let q = db.selectFrom('notifications').selectAll().where('user_id', '=', opts.userId);
  if (opts.types?.length) q = q.where('type', 'in', opts.types);
  if (opts.unread) q = q.where('read', '=', false);
  if (opts.after) {
    const { at, id } = opts.after;
    q = q.where((eb) =>
      eb.or([eb('updated_at', '<', at), eb.and([eb('updated_at', '=', at), eb('id', '<', id)])]),
    );
  }
  const rows = await q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
  return rows as NotificationRow[];
}

/** Unread counts of several members in one query (members with none are absent from the map). */
export async function countUnreadByMember(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('user_id', 'in', [...userIds])
    .where('read', '=', false)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read', '=', false)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks the member's notifications read: the given ones, or all when ids is null. Returns the ids changed. */
export async function markRead(db: Db, userId: string, ids: string[] | null): Promise<string[]> {
  if (ids && ids.length === 0) return [];
  let q = db
    .updateTable('notifications')
    .set({ read: true })
    .where('user_id', '=', userId)
    .where('read', '=', false);
  if (ids) q = q.where('id', 'in', ids);
  const rows = await q.returning('id').execute();
  return rows.map((r) => r.id);
}

/** Notifications of a member created in a window (the digest). */
export async function notificationsSince(db: Db, userId: string, since: Date): Promise<NotificationRow[]> {
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('updated_at', '>=', since)
    .orderBy('updated_at', 'desc')
    .execute();
  return rows as NotificationRow[];
}

export async function deleteMemberNotifications(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
}
