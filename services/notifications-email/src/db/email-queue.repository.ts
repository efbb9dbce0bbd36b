import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ComposedEmail, EmailKind } from '../domain/email-templates.ts';
import type { EmailStatus, NotificationsEmailTables, QueuePriority, TransportKind } from './tables.ts';

/** The service's Kysely handle or a transaction of it (a Transaction is a Kysely). */
type Db = Kysely<NotificationsEmailTables>;

export interface QueuedEmailRequest {
  /** The row's id (random when absent). */
  id?: string;
  /** The event that asked for the e-mail: (eventId, kind) is queued at most once. */
  eventId: string;
  userId: string | null;
  transport: TransportKind;
  email: ComposedEmail;
  /** The spec's email_type (the notification type, 'digest', …); defaults to the kind. */
  emailType?: string;
  emailData?: Record<string, unknown>;
  priority?: QueuePriority;
  batchEligible?: boolean;
  /** The spec's scheduled_for; now when absent. */
  scheduledFor?: Date;
  /** The notification it is about: at most one of its e-mails waits in the queue. */
  notificationId?: string | null;
}

function queueValues(request: QueuedEmailRequest) {
  const { email } = request;
  return {
    id: request.id ?? randomUUID(),
    event_id: request.eventId,
    kind: email.kind,
    user_id: request.userId,
    to_address: email.to,
    subject: email.subject,
    text_body: email.text,
    html_body: email.html,
    action_url: email.actionUrl,
    transport: request.transport,
    email_type: request.emailType ?? email.kind,
    email_data: request.emailData ? JSON.stringify(request.emailData) : null,
    priority: request.priority ?? 'high',
    batch_eligible: request.batchEligible ?? false,
    notification_id: request.notificationId ?? null,
    // Now (the column's default) when absent; given explicitly so that every row of a multi-row insert has it.
    next_attempt_at: request.scheduledFor ?? sql<Date>`now()`,
  };
}

/** Adds an e-mail to the queue; returns false when this event already queued one of this kind. */
export async function queueEmail(db: Db, request: QueuedEmailRequest): Promise<boolean> {
  return (await queueEmails(db, [request])) === 1;
}

/**
 * Adds e-mails to the queue in one statement, in the order given (their seq follows it); those an event already
 * queued (same event and kind, or a notification whose e-mail still waits) are skipped. Returns how many were
 * queued. At most a few hundred per call (16 bind parameters each).
 */
export async function queueEmails(db: Db, requests: readonly QueuedEmailRequest[]): Promise<number> {
  if (!requests.length) return 0;
  const inserted = await db
    .insertInto('email_queue')
    .values(requests.map(queueValues))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** Deletes every e-mail of a member, queued or sent (the member's account was deleted). */
export async function deleteMemberEmails(db: Db, userId: string): Promise<number> {
  const deleted = await db.deleteFrom('email_queue').where('user_id', '=', userId).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

export interface ClaimedEmail {
  id: string;
  kind: EmailKind;
  userId: string | null;
  emailType: string;
  batchEligible: boolean;
  notificationId: string | null;
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
  opts: { limit: number; leaseMs: number; now: Date },
): Promise<ClaimedEmail[]> {
  const rows = await db
    .updateTable('email_queue')
    .set({
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: new Date(opts.now.getTime() + opts.leaseMs),
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('email_queue')
        .select('id')
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', opts.now)
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
      'user_id',
      'email_type',
      'batch_eligible',
      'notification_id',
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
      userId: r.user_id,
      emailType: r.email_type ?? r.kind,
      batchEligible: r.batch_eligible,
      notificationId: r.notification_id,
    }));
}

/**
 * Marks e-mails sent and writes the email_logs row of the e-mail that carried them, in one statement: the mark is
 * what keeps an e-mail from going twice, and one round trip instead of two shortens the window in which a crash
 * after the SMTP server accepted it would send it again.
 */
export async function markEmailsSent(
  db: Db,
  ids: string[],
  sent: {
    transport: TransportKind;
    at: Date;
    log: { id: string; userId: string | null; emailType: string };
  },
): Promise<void> {
  await db
    .with('marked', (qb) =>
      qb
        .updateTable('email_queue')
        .set({
          status: 'sent',
          transport: sent.transport,
          sent_at: sent.at,
          last_error: null,
          log_id: sent.log.id,
        })
        .where('id', 'in', ids)
        .where('status', '=', 'queued')
        .returning('id'),
    )
    .insertInto('email_logs')
    .values({
      id: sent.log.id,
      user_id: sent.log.userId,
      email_type: sent.log.emailType,
      status: 'sent',
      created_at: sent.at,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function scheduleEmailRetry(db: Db, ids: string[], error: string, at: Date): Promise<void> {
  await db
    .updateTable('email_queue')
    .set({ last_error: error, next_attempt_at: at })
    .where('id', 'in', ids)
    .where('status', '=', 'queued')
    .execute();
}

export async function markEmailsFailed(db: Db, ids: string[], error: string): Promise<void> {
  await db
    .updateTable('email_queue')
    .set({ status: 'failed', last_error: error })
    .where('id', 'in', ids)
    .where('status', '=', 'queued')
    .execute();
}

/** Not sent after all: the member unsubscribed, or what it was about is gone. */
export async function markEmailsCancelled(db: Db, ids: string[], reason: string): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('email_queue')
    .set({ status: 'cancelled', last_error: reason })
    .where('id', 'in', ids)
    .where('status', '=', 'queued')
    .execute();
}

/** A member unsubscribed from all: what waits for them (except account e-mails) is cancelled. */
export async function cancelMemberEmails(
  db: Db,
  userId: string,
  keepKinds: readonly EmailKind[],
): Promise<void> {
  await db
    .updateTable('email_queue')
    .set({ status: 'cancelled', last_error: 'unsubscribed' })
    .where('user_id', '=', userId)
    .where('status', '=', 'queued')
    .where('kind', 'not in', [...keepKinds])
    .execute();
}

/** Gives back claimed e-mails that were not tried (the dispatcher is stopping). */
export async function releaseClaimedEmails(db: Db, ids: string[], now: Date): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('email_queue')
    .set({ attempts: sql<number>`greatest(attempts - 1, 0)`, next_attempt_at: now })
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
