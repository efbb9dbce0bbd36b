import { findEmailPreferences, type EmailPreferencesRow } from '../db/email-preferences.repository.ts';
import { queueEmail } from '../db/email-queue.repository.ts';
import { findNotificationById } from '../db/notifications.repository.ts';
import { findMember } from '../db/members.repository.ts';
import {
  DEFAULT_EMAIL_PREFERENCES,
  decideEmail,
  type EmailQueuePreferences,
} from '../domain/email-queue-policy.ts';
import { composeNotificationEmail, type ComposedEmail } from '../domain/email-templates.ts';
import type { NotificationsEmailDeps, NotificationsEmailTx } from '../deps.ts';
import { derivedUuid } from './notify.ts';

export function queuePreferences(row: EmailPreferencesRow | null): EmailQueuePreferences {
  if (!row) return DEFAULT_EMAIL_PREFERENCES;
  return {
    unsubscribedAll: row.unsubscribed_all,
    batchNotifications: row.batch_notifications,
    quietHoursEnabled: row.quiet_hours_enabled,
    quietHoursStart: row.quiet_hours_start,
    quietHoursEnd: row.quiet_hours_end,
    timeZone: row.time_zone,
  };
}

/**
 * Queues the e-mail of a notification as spec 001 section 4 decides (priority, delay, quiet hours, batching,
 * unsubscribed_all). At most one e-mail per notification waits in the queue: an aggregated reaction that gains
 * reactors before its e-mail goes keeps the one, which says how many reacted when it is sent.
 */
export async function queueNotificationEmail(
  deps: Pick<NotificationsEmailDeps, 'site' | 'mailTransport' | 'clock'>,
  tx: NotificationsEmailTx,
  input: {
    userId: string;
    email: string;
    notificationId: string;
    emailType: string;
    emailData: Record<string, unknown>;
    /** Makes the queue row's event id: one e-mail per notification and change. */
    sourceId: string;
  },
): Promise<boolean> {
  const prefs = queuePreferences(await findEmailPreferences(tx.trx, input.userId));
  const decision = decideEmail({
    emailType: input.emailType,
    data: input.emailData,
    prefs,
    now: deps.clock.now(),
  });
  if (!decision.send) return false;
  const email = await composeForNotification(deps, tx.trx, input.notificationId, input.emailType);
  if (!email) return false;
  return queueEmail(tx.trx, {
    eventId: derivedUuid('notification-email', input.sourceId),
    userId: input.userId,
    transport: deps.mailTransport.kind,
    email: { ...email, to: input.email },
    emailType: input.emailType,
    emailData: { ...input.emailData, notificationId: input.notificationId },
    priority: decision.priority,
    batchEligible: decision.batchEligible,
    scheduledFor: decision.scheduledFor,
    notificationId: input.notificationId,
  });
}

/** The e-mail of a notification as it stands now (null when it is gone or its member unknown). */
export async function composeForNotification(
  deps: Pick<NotificationsEmailDeps, 'site'>,
  db: NotificationsEmailTx['trx'] | NotificationsEmailDeps['db'],
  notificationId: string,
  emailType: string,
): Promise<ComposedEmail | null> {
  const n = await findNotificationById(db, notificationId);
  if (!n) return null;
  const member = await findMember(db, n.user_id);
  if (!member?.email) return null;
  return composeNotificationEmail(deps.site, {
    to: member.email,
    name: member.name,
    type: emailType,
    notification: {
      title: n.title,
      message: n.message,
      contentPreview: n.content_preview,
      actionUrl: n.action_url,
    },
  });
}
