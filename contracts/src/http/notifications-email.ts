import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { Email, NoContent, Timestamp, Uuid } from './common.ts';

export const OutboxEmail = Type.Object({
  id: Uuid,
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  kind: Type.String(),
  /** cancelled: not sent after all (the member unsubscribed, or what it was about is gone). */
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('sent'),
    Type.Literal('failed'),
    Type.Literal('cancelled'),
  ]),
  /** The transport it is queued for, then the one that sent it. */
  transport: Type.Union([Type.Literal('outbox'), Type.Literal('smtp')]),
  /** Sending tries so far (at most 5). */
  attempts: Type.Integer({ minimum: 0 }),
  /** Why the last try failed, while retrying or once failed; null after success. */
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  sentAt: Type.Union([Timestamp, Type.Null()]),
});
export type OutboxEmail = Static<typeof OutboxEmail>;

/** The product's words (spec 001 sections 8 and 9) for the notifications and e-mail routes. */
export const NotificationsEmailTexts = {
  notAuthenticated: 'User not authenticated',
  emailRequired: 'Email required',
  targetEmailNotFound: 'Target user email not found',
  unknownEmailType: 'Unknown email type',
  batchFailed: 'Batch processing failed',
  /** A push subscription whose endpoint is not a browser vendor's push service (MER posts only to those). */
  pushServiceNotSupported: "This browser's push service is not supported.",
  notificationNotFound: 'Notification not found',
  invalidTimeZone: 'Unknown time zone',
  invalidUnsubscribeLink: 'This unsubscribe link is not valid.',
} as const;

/** Spec 001 section 3: the notification types. aggregated_reaction is shown as (and filtered with) post_reaction. */
export const NOTIFICATION_TYPES = [
  'connection_request',
  'connection_accepted',
  'message',
  'mention',
  'post_reaction',
  'aggregated_reaction',
  'post_comment',
  'photo_tag',
  'circle_invitation',
  'circle_update',
  'event_reminder',
  'event',
  'system',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NotificationTypeSchema = Type.Union(NOTIFICATION_TYPES.map((t) => Type.Literal(t)));

/** Spec 001 section 9: priority 3 or more Urgent, 2 Important, else Normal. */
export const PriorityLabel = Type.Union([
  Type.Literal('Urgent'),
  Type.Literal('Important'),
  Type.Literal('Normal'),
]);

/** Spec 001 section 3: the notification's metadata fields (each present when it applies to the type). */
export const NotificationMetadata = Type.Object(
  {
    post_id: Type.Optional(Uuid),
    post_type: Type.Optional(Type.Union([Type.Literal('community'), Type.Literal('circle')])),
    comment_id: Type.Optional(Uuid),
    circle_id: Type.Optional(Type.String()),
    circle_name: Type.Optional(Type.String()),
    event_id: Type.Optional(Type.String()),
    event_title: Type.Optional(Type.String()),
    /** Before an event reminder: '1 hour' by default. */
    reminder_time: Type.Optional(Type.String()),
    photo_id: Type.Optional(Uuid),
    album_name: Type.Optional(Type.String()),
    conversation_id: Type.Optional(Uuid),
    message_id: Type.Optional(Uuid),
    discussion_id: Type.Optional(Type.String()),
    reaction_type: Type.Optional(Type.String()),
    senderBio: Type.Optional(Type.String()),
    /** Connection request notifications carry status pending (accepted/cancelled once that happened). */
    status: Type.Optional(Type.String()),
    /** circle_update: 'announcement' makes its e-mail high priority. */
    update_type: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** Spec 001 section 3: one reactor of an aggregated reaction notification. */
export const AggregatedReactor = Type.Object({
  user_id: Uuid,
  reactor_name: Type.String(),
  avatar_url: Type.Union([Type.String(), Type.Null()]),
  reaction_type: Type.String(),
  created_at: Timestamp,
});

/** Spec 001 section 3: a notification with every field (camelCase as the API writes names). */
export const Notification = Type.Object(
  {
    id: Uuid,
    type: NotificationTypeSchema,
    title: Type.String(),
    message: Type.String(),
    read: Type.Boolean(),
    createdAt: Timestamp,
    /** Changes when an aggregated reaction gains a reactor; the list is ordered by it (newest first). */
    updatedAt: Timestamp,
    userId: Uuid,
    connectionRequestId: Type.Union([Uuid, Type.Null()]),
    senderUserId: Type.Union([Uuid, Type.Null()]),
    senderName: Type.Union([Type.String(), Type.Null()]),
    senderAvatarUrl: Type.Union([Type.String(), Type.Null()]),
    metadata: NotificationMetadata,
    /** 1 by default; 3 or more is Urgent, 2 Important. */
    priority: Type.Integer({ minimum: 1 }),
    priorityLabel: PriorityLabel,
    /** The click target (spec 001 section 2's table), a path on MER's own site, e.g. /messages/{conversationId}. */
    actionUrl: Type.String(),
    contentPreview: Type.Union([Type.String(), Type.Null()]),
    isGrouped: Type.Boolean(),
    groupKey: Type.Union([Type.String(), Type.Null()]),
    aggregatedData: Type.Array(AggregatedReactor),
    lastReactorId: Type.Union([Uuid, Type.Null()]),
    lastReactorName: Type.Union([Type.String(), Type.Null()]),
    totalReactors: Type.Integer({ minimum: 1 }),
    reactionType: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Notification' },
);
export type Notification = Static<typeof Notification>;

/** Spec 001 section 3's email_preferences, with the member's time zone (quiet hours are local times there). */
export const EmailPreferences = Type.Object(
  {
    unsubscribedAll: Type.Boolean(),
    batchNotifications: Type.Boolean(),
    quietHoursEnabled: Type.Boolean(),
    /** Local time "HH:MM" (24 h) in timeZone. */
    quietHoursStart: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
    quietHoursEnd: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
    /** An IANA time zone, e.g. Europe/Lisbon. */
    timeZone: Type.String({ minLength: 1, maxLength: 64 }),
    /** The digest of what happened (sent at 08:00 local; none when nothing is new): weekly by default. */
    digest: Type.Union([Type.Literal('off'), Type.Literal('daily'), Type.Literal('weekly')]),
  },
  { $id: 'EmailPreferences' },
);
export type EmailPreferences = Static<typeof EmailPreferences>;

export const EmailType = Type.String({ minLength: 1, maxLength: 40 });

/** Spec 001 section 3's email_logs: one e-mail sent, and whether it was opened or a link in it clicked. */
export const EmailLog = Type.Object({
  id: Uuid,
  userId: Type.Union([Uuid, Type.Null()]),
  emailType: Type.String(),
  status: Type.Union([Type.Literal('sent'), Type.Literal('failed'), Type.Literal('skipped')]),
  createdAt: Timestamp,
  openedAt: Type.Union([Timestamp, Type.Null()]),
  clickedAt: Type.Union([Timestamp, Type.Null()]),
});
export type EmailLog = Static<typeof EmailLog>;

/** Spec 001 section 7 batch-process-emails' answer. */
export const BatchProcessResult = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  emailsSent: Type.Integer({ minimum: 0 }),
  emailsFailed: Type.Integer({ minimum: 0 }),
  totalProcessed: Type.Integer({ minimum: 0 }),
});
export type BatchProcessResult = Static<typeof BatchProcessResult>;

/** A browser's push subscription (PushSubscription.toJSON()). */
export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String({ format: 'uri', maxLength: 2048 }),
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  keys: Type.Object({
    p256dh: Type.String({ minLength: 1, maxLength: 256 }),
    auth: Type.String({ minLength: 1, maxLength: 64 }),
  }),
});

const SignedToken = Type.Object({ token: Type.String({ minLength: 10, maxLength: 512 }) });
const AdminAccess = { kind: 'permission', anyOf: ['system_admin', 'system_settings'] } as const;
const MemberAccess = { kind: 'user', loginMessage: NotificationsEmailTexts.notAuthenticated } as const;

export const notificationsEmailRoutes = defineRoutes('notifications-email', {
  listOutbox: {
    method: 'GET',
    path: '/api/v1/notifications-email/admin/outbox',
    summary: 'E-mails MER sent or queued, newest first (the admin e-mail tester and local outbox)',
    access: { kind: 'permission', anyOf: ['system_admin', 'system_settings'] },
    querystring: Type.Object({
      to: Type.Optional(Type.String({ maxLength: 254 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    }),
    response: { 200: Type.Object({ emails: Type.Array(OutboxEmail) }) },
  },

  // ── Notifications (the bell, the drawer, /notifications) ──
  listNotifications: {
    method: 'GET',
    path: '/api/v1/notifications-email/notifications',
    summary:
      "The caller's notifications, newest activity first. type filters (post_reaction includes aggregated_reaction); " +
      'unread=true only unread ones; pages by the nextCursor of the previous page. The bell asks limit=10.',
    access: MemberAccess,
    querystring: Type.Object({
      type: Type.Optional(NotificationTypeSchema),
      unread: Type.Optional(Type.Boolean()),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
      cursor: Type.Optional(Type.String({ maxLength: 200 })),
    }),
    response: {
      200: Type.Object({
        notifications: Type.Array(Notification),
        /** Pass as cursor for the next page; null on the last page. */
        nextCursor: Type.Union([Type.String(), Type.Null()]),
        unreadCount: Type.Integer({ minimum: 0 }),
      }),
    },
  },
  unreadNotificationCount: {
    method: 'GET',
    path: '/api/v1/notifications-email/notifications/unread-count',
    summary:
      "The bell's badge: how many of the caller's notifications are unread (the client shows 9+ and 99+).",
    access: MemberAccess,
    response: { 200: Type.Object({ unreadCount: Type.Integer({ minimum: 0 }) }) },
  },
  markNotificationRead: {
    method: 'POST',
    path: '/api/v1/notifications-email/notifications/:notificationId/read',
    summary: "Marks one of the caller's notifications read (the per-item button, and on click). Idempotent.",
    access: MemberAccess,
    params: Type.Object({ notificationId: Uuid }),
    response: { 200: Type.Object({ notification: Notification, unreadCount: Type.Integer({ minimum: 0 }) }) },
  },
  markNotificationsRead: {
    method: 'POST',
    path: '/api/v1/notifications-email/notifications/read',
    summary:
      'Marks the listed notifications read (the popover, 2 s after it shows them), or every unread one with all=true ' +
      "('Mark all read'). Ids that are not the caller's are ignored.",
    access: MemberAccess,
    body: Type.Object({
      ids: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
      all: Type.Optional(Type.Boolean()),
    }),
    response: {
      200: Type.Object({ updated: Type.Integer({ minimum: 0 }), unreadCount: Type.Integer({ minimum: 0 }) }),
    },
  },

  // ── E-mail preferences and unsubscribing ──
  getEmailPreferences: {
    method: 'GET',
    path: '/api/v1/notifications-email/email-preferences',
    summary:
      "The caller's e-mail preferences (defaults: subscribed, batching on, quiet hours off 22:00-07:00, UTC, weekly digest).",
    access: MemberAccess,
    response: { 200: EmailPreferences },
  },
  updateEmailPreferences: {
    method: 'PATCH',
    path: '/api/v1/notifications-email/email-preferences',
    summary: "Changes some of the caller's e-mail preferences; answers all of them after the change.",
    access: MemberAccess,
    body: Type.Partial(EmailPreferences),
    response: { 200: EmailPreferences },
  },
  showUnsubscribePage: {
    method: 'GET',
    path: '/api/v1/notifications-email/unsubscribe',
    summary:
      'The page every e-mail links to (a signed link, no login): says which address it is about and offers ' +
      "'Unsubscribe from all e-mails' (a form that POSTs). A GET never changes anything (mail scanners open links).",
    access: { kind: 'public' },
    querystring: SignedToken,
    produces: 'text/html',
    response: { 200: Type.String() },
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/v1/notifications-email/unsubscribe',
    summary:
      'Unsubscribes the member the signed link names from every e-mail except account security ones (unsubscribed_all). ' +
      "The List-Unsubscribe-Post one-click target (RFC 8058: form body List-Unsubscribe=One-Click) and the page's form.",
    access: { kind: 'public' },
    querystring: SignedToken,
    produces: 'text/html',
    response: { 200: Type.String() },
  },

  // ── Web push ──
  getPushPublicKey: {
    method: 'GET',
    path: '/api/v1/notifications-email/push/vapid-public-key',
    summary: "The VAPID public key (base64url) for PushManager.subscribe's applicationServerKey.",
    access: MemberAccess,
    response: { 200: Type.Object({ publicKey: Type.String() }) },
  },
  subscribePush: {
    method: 'POST',
    path: '/api/v1/notifications-email/push/subscriptions',
    summary:
      "Stores this device's push subscription for the caller (one per endpoint; a device of another member is moved).",
    access: MemberAccess,
    body: PushSubscriptionBody,
    response: { 201: Type.Object({ id: Uuid }) },
  },
  unsubscribePush: {
    method: 'POST',
    path: '/api/v1/notifications-email/push/subscriptions/remove',
    summary: "Forgets this device's push subscription (the caller's own only).",
    access: MemberAccess,
    body: Type.Object({ endpoint: Type.String({ maxLength: 2048 }) }),
    response: { 204: NoContent },
  },
  sendTestPush: {
    method: 'POST',
    path: '/api/v1/notifications-email/push/test',
    summary:
      "Sends a test push to each of the caller's devices; answers how many got it and how many expired ones were removed.",
    access: MemberAccess,
    response: {
      200: Type.Object({ sent: Type.Integer({ minimum: 0 }), removed: Type.Integer({ minimum: 0 }) }),
    },
  },

  // ── The /email-test page and admin e-mail tools ──
  sendTestEmail: {
    method: 'POST',
    path: '/api/v1/notifications-email/email-test',
    summary:
      "The unified e-mail tester: sends a sample e-mail of type connection_request, connection_accepted or message to an address, or to another member (their e-mail as MER knows it). Errors: 'Email required', 'Target user email not found', 'Unknown email type'.",
    access: { ...AdminAccess, loginMessage: NotificationsEmailTexts.notAuthenticated },
    body: Type.Object({
      type: EmailType,
      email: Type.Optional(Type.String({ maxLength: 254 })),
      targetUserId: Type.Optional(Uuid),
    }),
    response: {
      200: Type.Object({ success: Type.Boolean(), message: Type.String(), to: Email, emailId: Uuid }),
    },
  },
  processConnectionRequestEmails: {
    method: 'POST',
    path: '/api/v1/notifications-email/admin/batch/connection-requests',
    summary:
      'The connection-request e-mail sender (batch-process-emails, type connection_requests): pending requests whose e-mail was not sent, oldest first, at most limit (default 50); each sent is marked sent.',
    access: AdminAccess,
    body: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })) }),
    response: { 200: BatchProcessResult },
  },
  sendDigests: {
    method: 'POST',
    path: '/api/v1/notifications-email/admin/digests',
    summary:
      'Sends the daily (last 24 h) or weekly (last 168 h) digest now, to one member or to every member due one; members with nothing new get none.',
    access: AdminAccess,
    body: Type.Object({
      digestType: Type.Union([Type.Literal('daily'), Type.Literal('weekly')]),
      userId: Type.Optional(Uuid),
    }),
    response: { 200: Type.Object({ queued: Type.Integer({ minimum: 0 }) }) },
  },
  listEmailLogs: {
    method: 'GET',
    path: '/api/v1/notifications-email/admin/email-logs',
    summary:
      'E-mail diagnostics: the latest N logs (latest=5), or those of the last N days (days, default 30), optionally of one member, newest first.',
    access: AdminAccess,
    querystring: Type.Object({
      userId: Type.Optional(Uuid),
      latest: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30 })),
    }),
    response: {
      200: Type.Object({
        logs: Type.Array(EmailLog),
        /** Over the logs answered. */
        stats: Type.Object({
          sent: Type.Integer({ minimum: 0 }),
          opened: Type.Integer({ minimum: 0 }),
          clicked: Type.Integer({ minimum: 0 }),
        }),
      }),
    },
  },

  // ── Tracking (links inside e-mails; no login) ──
  trackEmailOpen: {
    method: 'GET',
    path: '/api/v1/notifications-email/t/open',
    summary:
      'The open-tracking pixel (a 1×1 GIF): records the first opening of the e-mail the signed token names.',
    access: { kind: 'public' },
    querystring: SignedToken,
    produces: 'image/gif',
    response: { 200: Type.String() },
  },
  trackEmailClick: {
    method: 'GET',
    path: '/api/v1/notifications-email/t/click',
    summary:
      "Records a click of a link in an e-mail and redirects (302) to it. Only MER's own pages: the target is a path " +
      'signed into the token, never taken from the query, so the redirect cannot send anyone elsewhere.',
    access: { kind: 'public' },
    querystring: SignedToken,
    response: { 302: NoContent },
  },
});
