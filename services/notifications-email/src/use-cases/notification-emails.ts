import type { EmailPreferencesRow } from '../db/email-preferences.repository.ts';
import type { QueuedEmailRequest } from '../db/email-queue.repository.ts';
import type { NotificationRow } from '../db/notifications.repository.ts';
import {
  DEFAULT_EMAIL_PREFERENCES,
  decideEmail,
  type EmailQueuePreferences,
} from '../domain/email-queue-policy.ts';
import { composeNotificationEmail } from '../domain/email-templates.ts';
import type { NotificationsEmailDeps } from '../deps.ts';
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
 * The queue row for a notification's e-mail as spec 001 section 4 decides it (priority, delay, quiet hours,
 * batching, unsubscribed_all), composed from the notification as just stored; null when none is sent. The caller
 * inserts it (many at once for a fan-out). At most one e-mail per notification waits in the queue: an aggregated
 * reaction that gains reactors before its e-mail goes keeps the one, which says how many reacted when it is sent.
 */
export function notificationEmailRequest(
  deps: Pick<NotificationsEmailDeps, 'site' | 'mailTransport'>,
  input: {
    notification: NotificationRow;
    to: { email: string; name: string };
    emailPreferences: EmailPreferencesRow | null;
    emailType: string;
    emailData: Record<string, unknown>;
    now: Date;
  },
): QueuedEmailRequest | null {
  const n = input.notification;
  const decision = decideEmail({
    emailType: input.emailType,
    data: input.emailData,
    prefs: queuePreferences(input.emailPreferences),
    now: input.now,
  });
  if (!decision.send) return null;
  const email = composeNotificationEmail(deps.site, {
    to: input.to.email,
    name: input.to.name,
    type: input.emailType,
    notification: {
      title: n.title,
      message: n.message,
      contentPreview: n.content_preview,
      actionUrl: n.action_url,
    },
  });
  return {
    // One e-mail per notification and change.
    eventId: derivedUuid('notification-email', `${n.id}:${n.updated_at.toISOString()}`),
    userId: n.user_id,
    transport: deps.mailTransport.kind,
    email,
    emailType: input.emailType,
    emailData: { ...input.emailData, notificationId: n.id },
    priority: decision.priority,
    batchEligible: decision.batchEligible,
    scheduledFor: decision.scheduledFor,
    notificationId: n.id,
  };
}
