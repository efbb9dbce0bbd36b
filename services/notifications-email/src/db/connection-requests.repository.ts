import { sql, type Kysely } from 'kysely';
import type { NotificationsEmailTables } from './tables.ts';

type Db = Kysely<NotificationsEmailTables>;

/**
 * Records a request; returns its status as stored. Events of different subjects are not ordered: an acceptance or
 * an end handled first already wrote the row, and the request then stays as that later fact says.
 */
export async function recordConnectionRequest(
  db: Db,
  r: {
    requestId: string;
    senderId: string;
    receiverId: string;
    senderName: string;
    senderImageUrl: string | null;
    at: Date;
  },
): Promise<'pending' | 'accepted' | 'ended'> {
  const row = await db
    .insertInto('connection_requests')
    .values({
      request_id: r.requestId,
      sender_id: r.senderId,
      receiver_id: r.receiverId,
      sender_name: r.senderName,
      sender_image_url: r.senderImageUrl,
      status: 'pending',
      requested_at: r.at,
    })
    .onConflict((oc) =>
      oc
        .column('request_id')
        .doUpdateSet({ sender_name: r.senderName, sender_image_url: r.senderImageUrl, requested_at: r.at }),
    )
    .returning('status')
    .executeTakeFirstOrThrow();
  return row.status;
}

/** A request accepted or ended (also when its request event has not been handled yet). */
export async function setConnectionRequestStatus(
  db: Db,
  r: { requestId: string; senderId: string; receiverId: string },
  status: 'accepted' | 'ended',
  at: Date,
): Promise<void> {
  await db
    .insertInto('connection_requests')
    .values({
      request_id: r.requestId,
      sender_id: r.senderId,
      receiver_id: r.receiverId,
      sender_name: '',
      status,
      requested_at: at,
      ...(status === 'accepted' ? { accepted_at: at } : {}),
    })
    .onConflict((oc) =>
      oc.column('request_id').doUpdateSet({ status, ...(status === 'accepted' ? { accepted_at: at } : {}) }),
    )
    .execute();
}

export interface PendingRequestEmail {
  request_id: string;
  receiver_id: string;
  sender_name: string;
  sender_image_url: string | null;
}

/**
 * The spec's get_pending_connection_requests_without_emails: pending requests whose e-mail is not sent, oldest
 * first, leased to this caller for `leaseMs` (one autocommitted statement, so two processors never take the same).
 */
export async function claimPendingRequestEmails(
  db: Db,
  opts: { limit: number; requestedBefore: Date; now: Date; leaseMs: number },
): Promise<PendingRequestEmail[]> {
  const rows = await db
    .updateTable('connection_requests')
    .set({ email_lease_until: new Date(opts.now.getTime() + opts.leaseMs) })
    .where('request_id', 'in', (eb) =>
      eb
        .selectFrom('connection_requests')
        .select('request_id')
        .where('status', '=', 'pending')
        .where('email_sent', '=', false)
        .where('email_skipped', '=', false)
        .where('requested_at', '<=', opts.requestedBefore)
        .where((w) => w.or([w('email_lease_until', 'is', null), w('email_lease_until', '<', opts.now)]))
        .orderBy('requested_at')
        .limit(opts.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['request_id', 'receiver_id', 'sender_name', 'sender_image_url', 'requested_at'])
    .execute();
  return rows.sort((a, b) => +new Date(a.requested_at) - +new Date(b.requested_at));
}

/** The spec's mark_connection_request_email_sent. */
export async function markRequestEmailSent(db: Db, requestId: string): Promise<void> {
  await db
    .updateTable('connection_requests')
    .set({ email_sent: true, email_lease_until: null })
    .where('request_id', '=', requestId)
    .execute();
}

export async function markRequestEmailSkipped(db: Db, requestId: string): Promise<void> {
  await db
    .updateTable('connection_requests')
    .set({ email_skipped: true, email_lease_until: null })
    .where('request_id', '=', requestId)
    .execute();
}

export async function releaseRequestEmail(db: Db, requestId: string): Promise<void> {
  await db
    .updateTable('connection_requests')
    .set({ email_lease_until: null })
    .where('request_id', '=', requestId)
    .execute();
}

/** New connections of a member in a window (the digest). */
export async function countNewConnections(db: Db, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('connection_requests')
    .select(sql<string>`count(*)`.as('n'))
    .where('status', '=', 'accepted')
    .where('accepted_at', '>=', since)
    .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
