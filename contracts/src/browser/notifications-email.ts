// Generated from routesByService by contracts/scripts/generate-browser-routes.ts: do not edit.
import type { RoutesByService } from '../index.ts';
import type { BrowserRouteOf } from './route.ts';

type Routes = RoutesByService['notifications-email'];

/** E-mails MER sent or queued, newest first (the admin e-mail tester and local outbox) */
export const listOutbox: BrowserRouteOf<Routes['listOutbox']> = {
  method: 'GET',
  path: '/api/v1/notifications-email/admin/outbox',
  access: 'user',
};

/** The caller's notifications, newest activity first. type filters (post_reaction includes aggregated_reaction); unread=true only unread ones; pages by the nextCursor of the previous page. The bell asks limit=10. */
export const listNotifications: BrowserRouteOf<Routes['listNotifications']> = {
  method: 'GET',
  path: '/api/v1/notifications-email/notifications',
  access: 'user',
};

/** The bell's badge: how many of the caller's notifications are unread (the client shows 9+ and 99+). */
export const unreadNotificationCount: BrowserRouteOf<Routes['unreadNotificationCount']> = {
  method: 'GET',
  path: '/api/v1/notifications-email/notifications/unread-count',
  access: 'user',
};

/** Marks one of the caller's notifications read (the per-item button, and on click). Idempotent. */
export const markNotificationRead: BrowserRouteOf<Routes['markNotificationRead']> = {
  method: 'POST',
  path: '/api/v1/notifications-email/notifications/:notificationId/read',
  access: 'user',
};

/** Marks the listed notifications read (the popover, 2 s after it shows them), or every unread one with all=true ('Mark all read'). Ids that are not the caller's are ignored. */
export const markNotificationsRead: BrowserRouteOf<Routes['markNotificationsRead']> = {
  method: 'POST',
  path: '/api/v1/notifications-email/notifications/read',
  access: 'user',
};

/** The caller's e-mail preferences (defaults: subscribed, batching on, quiet hours off 22:00-07:00, UTC, weekly digest). */
export const getEmailPreferences: BrowserRouteOf<Routes['getEmailPreferences']> = {
  method: 'GET',
  path: '/api/v1/notifications-email/email-preferences',
  access: 'user',
};

/** Changes some of the caller's e-mail preferences; answers all of them after the change. */
export const updateEmailPreferences: BrowserRouteOf<Routes['updateEmailPreferences']> = {
  method: 'PATCH',
  path: '/api/v1/notifications-email/email-preferences',
  access: 'user',
};

/** The page every e-mail links to (a signed link, no login): says which address it is about and offers 'Unsubscribe from all e-mails' (a form that POSTs). A GET never changes anything (mail scanners open links). */
export const showUnsubscribePage: BrowserRouteOf<Routes['showUnsubscribePage']> = {
  method: 'GET',
  path: '/api/v1/notifications-email/unsubscribe',
  access: 'public',
};

/** Unsubscribes the member the signed link names from every e-mail except account security ones (unsubscribed_all). The List-Unsubscribe-Post one-click target (RFC 8058: form body List-Unsubscribe=One-Click) and the page's form. */
export const unsubscribe: BrowserRouteOf<Routes['unsubscribe']> = {
  method: 'POST',
  path: '/api/v1/notifications-email/unsubscribe',
  access: 'public',
};

/** The VAPID public key (base64url) for PushManager.subscribe's applicationServerKey. */
export const getPushPublicKey: BrowserRouteOf<Routes['getPushPublicKey']> = {
  method: 'GET',
  path: '/api/v1/notifications-email/push/vapid-public-key',
  access: 'user',
};

/** Stores this device's push subscription for the caller (one per endpoint; a device of another member is moved). */
export const subscribePush: BrowserRouteOf<Routes['subscribePush']> = {
  method: 'POST',
  path: '/api/v1/notifications-email/push/subscriptions',
  access: 'user',
};

/** Forgets this device's push subscription (the caller's own only). */
export const unsubscribePush: BrowserRouteOf<Routes['unsubscribePush']> = {
  method: 'POST',
  path: '/api/v1/notifications-email/push/subscriptions/remove',
  access: 'user',
};

/** Sends a test push to each of the caller's devices; answers how many got it and how many expired ones were removed. */
export const sendTestPush: BrowserRouteOf<Routes['sendTestPush']> = {
  method: 'POST',
  path: '/api/v1/notifications-email/push/test',
  access: 'user',
};

/** The unified e-mail tester: sends a sample e-mail of type connection_request, connection_accepted or message to an address, or to another member (their e-mail as MER knows it). Errors: 'Email required', 'Target user email not found', 'Unknown email type'. */
export const sendTestEmail: BrowserRouteOf<Routes['sendTestEmail']> = {
  method: 'POST',
  path: '/api/v1/notifications-email/email-test',
  access: 'user',
};

/** The connection-request e-mail sender (batch-process-emails, type connection_requests): pending requests whose e-mail was not sent, oldest first, at most limit (default 50); each sent is marked sent. */
export const processConnectionRequestEmails: BrowserRouteOf<Routes['processConnectionRequestEmails']> = {
  method: 'POST',
  path: '/api/v1/notifications-email/admin/batch/connection-requests',
  access: 'user',
};

/** Sends the daily (last 24 h) or weekly (last 168 h) digest now, to one member or to every member due one; members with nothing new get none. */
export const sendDigests: BrowserRouteOf<Routes['sendDigests']> = {
  method: 'POST',
  path: '/api/v1/notifications-email/admin/digests',
  access: 'user',
};

/** E-mail diagnostics: the latest N logs (latest=5), or those of the last N days (days, default 30), optionally of one member, newest first. */
export const listEmailLogs: BrowserRouteOf<Routes['listEmailLogs']> = {
  method: 'GET',
  path: '/api/v1/notifications-email/admin/email-logs',
  access: 'user',
};

/** The open-tracking pixel (a 1×1 GIF): records the first opening of the e-mail the signed token names. */
export const trackEmailOpen: BrowserRouteOf<Routes['trackEmailOpen']> = {
  method: 'GET',
  path: '/api/v1/notifications-email/t/open',
  access: 'public',
};

/** Records a click of a link in an e-mail and redirects (302) to it. Only MER's own pages: the target is a path signed into the token, never taken from the query, so the redirect cannot send anyone elsewhere. */
export const trackEmailClick: BrowserRouteOf<Routes['trackEmailClick']> = {
  method: 'GET',
  path: '/api/v1/notifications-email/t/click',
  access: 'public',
};

/** The member's data held by notifications-email, for "Download my data" (the member is the token's subject) */
export const exportMyData: BrowserRouteOf<Routes['exportMyData']> = {
  method: 'GET',
  path: '/api/v1/notifications-email/me/export',
  access: 'user',
};
