import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ComposedEmail, EmailKind } from '../domain/email-templates.ts';
import type { EmailStatus, NotificationsEmailTables, TransportKind } from './tables.ts';

/** The service's Kysely handle or a transaction of it (a Transaction is a Kysely). */
type Db = Kysely<NotificationsEmailTables>;

export interface QueuedEmailRequest {
  /** The event that asked for the e-mail: (eventId, kind) is queued at most once. */
  eventId: string;
  userId: string | null;
  transport: TransportKind;
  email: ComposedEmail;
}

/** Adds an e-mail to the queue; returns false when this event already queued one of this kind. */
export async function queueEmail(db: Db, request: QueuedEmailRequest): Promise<boolean> {
  const { email } = request;
  const inserted = await db
    .insertInto('email_queue')
    .values({
      id: randomUUID(),
      event_id: request.eventId,
      kind: email.kind,
      user_id: request.userId,
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
      action_url: email.actionUrl,
      transport: request.transport,
    })
    .onConflict((oc) => oc.columns(['event_id', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Deletes every e-mail of a member, queued or sent (the member's account was deleted). */
export async function deleteMemberEmails(db: Db, userId: string): Promise<number> {
  const deleted = await db.deleteFrom('email_queue').where('user_id', '=', userId).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

export interface ClaimedEmail {
  id: string;
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  actionUrl: string | null;
  /** Tries including this one. */
  attempts: number;
}

/**
 * Takes up to `limit` due e-mails for this dispatcher in one autocommitted statement: the
 * attempt is counted and the row leased (next_attempt_at pushed `leaseMs` ahead), so other
 * replicas skip it (SKIP LOCKED while the statement runs, the lease after). No transaction is
 * held while sending, which keeps PGlite's single session free. A dispatcher that dies
 * mid-send leaves its rows to come back when the lease ends.
 */
export async function claimDueEmails(
  db: Db,
  opts: { limit: number; leaseMs: number },
): Promise<ClaimedEmail[]> {
  const rows = await db
    .updateTable('email_queue')
    .set({
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: sql<Date>`now() + ${opts.leaseMs} * interval '1 millisecond'`,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('email_queue')
        .select('id')
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at')
        .orderBy('seq')
        .limit(opts.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning([
      'id',
      'kind',
      'to_address',
      'subject',
      'text_body',
      'html_body',
      'action_url',
      'attempts',
      'seq',
    ])
    .execute();
  return rows
    .sort((a, b) => a.seq - b.seq)
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.to_address,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      actionUrl: r.action_url,
      attempts: r.attempts,
    }));
}

export async function markEmailSent(db: Db, id: string, transport: TransportKind): Promise<void> {
  await db
    .updateTable('email_queue')
    .set({ status: 'sent', transport, sent_at: sql<Date>`now()`, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

export async function scheduleEmailRetry(db: Db, id: string, error: string, delayMs: number): Promise<void> {
  await db
    .updateTable('email_queue')
    .set({ last_error: error, next_attempt_at: sql<Date>`now() + ${delayMs} * interval '1 millisecond'` })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

export async function markEmailFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .updateTable('email_queue')
    .set({ status: 'failed', last_error: error })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/** Gives back claimed e-mails that were not tried (the dispatcher is stopping). */
export async function releaseClaimedEmails(db: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('email_queue')
    .set({ attempts: sql<number>`greatest(attempts - 1, 0)`, next_attempt_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .where('status', '=', 'queued')
    .execute();
}

export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  kind: EmailKind;
  status: EmailStatus;
  transport: TransportKind;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** E-mails newest first, optionally only those to one address (compared case-insensitively). */
export async function listEmails(db: Db, opts: { to?: string; limit: number }): Promise<OutboxRow[]> {
  let query = db
    .selectFrom('email_queue')
    .select([
      'id',
      'to_address',
      'subject',
      'text_body',
      'kind',
      'status',
      'transport',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
    ])
    .orderBy('seq', 'desc')
    .limit(opts.limit);
  if (opts.to) query = query.where(sql<string>`lower(to_address)`, '=', opts.to.toLowerCase());
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    kind: r.kind,
    status: r.status,
    transport: r.transport,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: new Date(r.created_at),
    sentAt: r.sent_at ? new Date(r.sent_at) : null,
  }));
}
