import { Type } from '@sinclair/typebox';
import { defineEvent } from './envelope.ts';

/*
 * Events notifications-email publishes. Subjects are `notifications-email.<entity>.<past-tense-event>.v<N>`.
 */

const Uuid = Type.String({ format: 'uuid' });
const At = Type.String({ format: 'date-time' });

export const ConnectionRequestEmailSent = defineEvent(
  'notifications-email.connection-request-email.sent.v1',
  "The e-mail about a connection request went out to its receiver: social-graph flips the request's " +
    'email_sent from false to true.',
  Type.Object({
    requestId: Type.String({ format: 'uuid' }),
    receiverId: Type.String({ format: 'uuid' }),
    sentAt: Type.String({ format: 'date-time' }),
  }),
);

export const NotificationCreated = defineEvent(
  'notifications-email.notification.created.v1',
  'A notification was created for a member, or an aggregated one gained a reactor (aggregated true: same id, ' +
    "moved to the top, unread again). The gateway pushes it to the member's open tabs; `notification` is the " +
    "contract's Notification (http/notifications-email.ts) as the list answers it.",
  Type.Object({
    userId: Uuid,
    notificationId: Uuid,
    aggregated: Type.Boolean(),
    notification: Type.Record(Type.String(), Type.Unknown()),
    unreadCount: Type.Integer({ minimum: 0 }),
    at: At,
  }),
);

export const NotificationsRead = defineEvent(
  'notifications-email.notifications.read.v1',
  "A member marked notifications read (one, the popover's shown ones, or all): their other tabs update the bell.",
  Type.Object({
    userId: Uuid,
    /** The ones marked read; empty with all=true. */
    notificationIds: Type.Array(Uuid),
    all: Type.Boolean(),
    unreadCount: Type.Integer({ minimum: 0 }),
    at: At,
  }),
);

export const notificationsEmailEvents = [ConnectionRequestEmailSent, NotificationCreated, NotificationsRead];
