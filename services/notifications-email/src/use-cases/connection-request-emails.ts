import { randomUUID } from 'node:crypto';
import { ConnectionRequestEmailSent, NotificationsEmailTexts, type BatchProcessResult } from '@mer/contracts';
import {
  claimPendingRequestEmails,
  markRequestEmailSent,
  markRequestEmailSkipped,
  releaseRequestEmail,
  type PendingRequestEmail,
} from '../db/connection-requests.repository.ts';
import { insertEmailLog } from '../db/email-logs.repository.ts';
import { findEmailPreferences } from '../db/email-preferences.repository.ts';
import { findMember } from '../db/members.repository.ts';
import { inQuietHours, MEDIUM_DELAY_MS } from '../domain/email-queue-policy.ts';
import { composeConnectionRequestEmail } from '../domain/email-templates.ts';
import { effectivePreferences } from '../domain/notification-rules.ts';
import type { NotificationsEmailDeps } from '../deps.ts';
import { queuePreferences } from './notification-emails.ts';
import { finishEmail } from './send-email.ts';

export const DEFAULT_BATCH_LIMIT = 50;
const LEASE_MS = 5 * 60_000;

/**
 * The connection-request e-mail sender (spec 001 section 7's batch-process-emails, type connection_requests):
 * takes pending requests whose e-mail was not sent, oldest first, at most `limit` (default 50), and sends each
 * receiver one e-mail. A sent one is marked sent (email_sent true) and social-graph is told through
 * notifications-email.connection-request-email.sent.v1. A receiver who unsubscribed or turned off e-mails or
 * connection-request notifications gets none (handled, never retried); one in quiet hours waits for the next run.
 * Run on a timer (requests at least 15 minutes old: connection_request e-mails are medium priority) and by admins
 * (all pending). Any failure of the run itself (its database gone) answers 'Batch processing failed', with what it
 * had done until then; a request is marked sent only once its e-mail was accepted, and one whose mark failed comes
 * back when its lease ends (sent again then: at-least-once, as SMTP itself).
 */
export async function processConnectionRequestEmails(
  deps: NotificationsEmailDeps,
  opts: { limit?: number | undefined; minAgeMs?: number } = {},
): Promise<BatchProcessResult> {
  const limit = opts.limit ?? DEFAULT_BATCH_LIMIT;
  // Outside the try: a run that fails part-way still says what it had done.
  const done = { sent: 0, failed: 0, handled: 0 };
  try {
    const now = deps.clock.now();
    const pending = await claimPendingRequestEmails(deps.db, {
      limit,
      now,
      leaseMs: LEASE_MS,
      requestedBefore: new Date(now.getTime() - (opts.minAgeMs ?? 0)),
    });
    for (const request of pending) {
      const outcome = await emailRequest(deps, request, now);
      done.handled++;
      if (outcome === 'sent') done.sent++;
      if (outcome === 'failed') done.failed++;
    }
    return {
      success: true,
      message: `Processed ${pending.length} connection request e-mails: ${done.sent} sent, ${done.failed} failed`,
      emailsSent: done.sent,
      emailsFailed: done.failed,
      totalProcessed: pending.length,
    };
  } catch (err) {
    deps.log.error({ err, ...done }, 'connection-request e-mail batch failed');
    return {
      success: false,
      message: NotificationsEmailTexts.batchFailed,
      emailsSent: done.sent,
      emailsFailed: done.failed,
      totalProcessed: done.handled,
    };
  }
}

/** One claimed request's e-mail: sent (and recorded), failed (tried again next run), or none (skipped, or later). */
async function emailRequest(
  deps: NotificationsEmailDeps,
  request: PendingRequestEmail,
  now: Date,
): Promise<'sent' | 'failed' | 'none'> {
  const receiver = await findMember(deps.db, request.receiver_id);
  const prefs = effectivePreferences(receiver?.notification_preferences);
  const emailPrefs = queuePreferences(await findEmailPreferences(deps.db, request.receiver_id));
  if (emailPrefs.unsubscribedAll || !prefs.email_notifications || !prefs.connection_requests) {
    await markRequestEmailSkipped(deps.db, request.request_id);
    return 'none';
  }
  if (!receiver?.email || inQuietHours(now, emailPrefs)) {
    // No address known yet, or the receiver's quiet hours: the next run tries again.
    await releaseRequestEmail(deps.db, request.request_id);
    return receiver?.email ? 'none' : 'failed';
  }
  const logId = randomUUID();
  const email = finishEmail(
    deps,
    composeConnectionRequestEmail(deps.site, {
      to: receiver.email,
      name: receiver.name,
      senderName: request.sender_name,
    }),
    { userId: request.receiver_id, logId },
  );
  try {
    await deps.mailTransport.send(email);
  } catch (err) {
    deps.log.warn(
      { requestId: request.request_id, err: (err as Error).message },
      'connection-request e-mail not sent',
    );
    await insertEmailLog(deps.db, {
      id: logId,
      userId: request.receiver_id,
      emailType: 'connection_request',
      status: 'failed',
      at: now,
    });
    await releaseRequestEmail(deps.db, request.request_id);
    return 'failed';
  }
  const sentAt = deps.clock.now();
  await deps.transaction(async (tx) => {
    await markRequestEmailSent(tx.trx, request.request_id);
    await insertEmailLog(tx.trx, {
      id: logId,
      userId: request.receiver_id,
      emailType: 'connection_request',
      status: 'sent',
      at: sentAt,
    });
    await tx.publish(ConnectionRequestEmailSent, {
      requestId: request.request_id,
      receiverId: request.receiver_id,
      sentAt: sentAt.toISOString(),
    });
  });
  return 'sent';
}

/** The timer's run: only requests old enough for a medium-priority e-mail. */
export function scheduledConnectionRequestRun(deps: NotificationsEmailDeps): Promise<BatchProcessResult> {
  return processConnectionRequestEmails(deps, { minAgeMs: MEDIUM_DELAY_MS });
}
