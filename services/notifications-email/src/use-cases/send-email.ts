import { randomUUID } from 'node:crypto';
import type { ClaimedEmail } from '../db/email-queue.repository.ts';
import { insertEmailLog } from '../db/email-logs.repository.ts';
import { findUnsubscribedMembers } from '../db/email-preferences.repository.ts';
import { findMembers, type MemberRow } from '../db/members.repository.ts';
import { findNotificationsByIds, type NotificationRow } from '../db/notifications.repository.ts';
import {
  ACCOUNT_EMAIL_KINDS,
  composeNotificationBatch,
  composeNotificationEmail,
  withFooter,
  type EmailKind,
  type NotificationEmailFacts,
} from '../domain/email-templates.ts';
import { escapeHtml } from '../domain/html.ts';
import { ownSitePath, signLink } from '../domain/signed-links.ts';
import type { OutgoingEmail } from '../adapters/mail-transport.ts';
import type { NotificationsEmailDeps } from '../deps.ts';

type SendDeps = Pick<NotificationsEmailDeps, 'db' | 'site' | 'linkSecret' | 'clock'>;

const API = '/api/v1/notifications-email';

export function unsubscribeUrl(
  deps: Pick<NotificationsEmailDeps, 'site' | 'linkSecret'>,
  userId: string,
): string {
  return deps.site.page(
    `${API}/unsubscribe?token=${signLink(deps.linkSecret, { p: 'unsubscribe', u: userId })}`,
  );
}

/**
 * The finishing touches every e-mail to a member gets when it is sent: the unsubscribe link in the text, the HTML
 * and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058 one-click); and, except on account e-mails
 * (their links are one-time secrets), the open pixel and links to MER's pages routed through the click redirect.
 */
export function finishEmail(
  deps: Pick<NotificationsEmailDeps, 'site' | 'linkSecret'>,
  email: {
    kind: EmailKind;
    to: string;
    subject: string;
    text: string;
    html: string;
    actionUrl: string | null;
  },
  opts: { userId: string | null; logId: string },
): OutgoingEmail {
  const tracked = !ACCOUNT_EMAIL_KINDS.has(email.kind);
  const unsubscribe = opts.userId ? unsubscribeUrl(deps, opts.userId) : null;
  let html = email.html;
  if (tracked) html = trackLinks(deps, html, opts.logId);
  const pixel = tracked
    ? deps.site.page(`${API}/t/open?token=${signLink(deps.linkSecret, { p: 'open', l: opts.logId })}`)
    : null;
  const body = withFooter({ text: email.text, html }, { unsubscribeUrl: unsubscribe, pixelUrl: pixel });
  return {
    to: email.to,
    subject: email.subject,
    text: body.text,
    html: body.html,
    actionUrl: email.actionUrl,
    ...(unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${unsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}

/** Links to MER's own pages in the HTML go through the click redirect (signed, so it only ever leads there). */
function trackLinks(
  deps: Pick<NotificationsEmailDeps, 'site' | 'linkSecret'>,
  html: string,
  logId: string,
): string {
  return html.replace(/href="([^"]+)"/g, (whole, escaped: string) => {
    const target = escaped
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
    const path = ownSitePath(target, deps.site.home);
    if (!path || path.startsWith(API)) return whole;
    const token = signLink(deps.linkSecret, { p: 'click', l: logId, to: path });
    return `href="${escapeHtml(deps.site.page(`${API}/t/click?token=${token}`))}"`;
  });
}

export interface PreparedEmail {
  /** The rows this e-mail sends. */
  rows: ClaimedEmail[];
  /** Rows not sent after all, and why. */
  cancelled: ClaimedEmail[];
  reason: string | null;
  outgoing: OutgoingEmail | null;
  logId: string;
  userId: string | null;
  emailType: string;
}

/** What the dispatcher reads once per claimed batch to compose its e-mails: three queries, not three per e-mail. */
export interface SendingFacts {
  /** Members of the batch who unsubscribed from all. */
  unsubscribed: ReadonlySet<string>;
  members: ReadonlyMap<string, MemberRow>;
  /** The notifications the batch's e-mails are about, as they stand now (absent: gone). */
  notifications: ReadonlyMap<string, NotificationRow>;
}

export async function loadSendingFacts(
  deps: Pick<NotificationsEmailDeps, 'db'>,
  rows: readonly ClaimedEmail[],
): Promise<SendingFacts> {
  const memberIds = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
  const notificationIds = [
    ...new Set(
      rows.flatMap((r) => (r.kind === 'notification' && r.notificationId ? [r.notificationId] : [])),
    ),
  ];
  const [unsubscribed, members, notifications] = await Promise.all([
    findUnsubscribedMembers(deps.db, memberIds),
    findMembers(deps.db, memberIds),
    findNotificationsByIds(deps.db, notificationIds),
  ]);
  return {
    unsubscribed: new Set(unsubscribed),
    members: new Map(members.map((m) => [m.user_id, m])),
    notifications: new Map(notifications.map((n) => [n.id, n])),
  };
}

/**
 * What a group of claimed rows sends: one row as queued (a notification's e-mail composed as the notification
 * stands now), several of one member as one batch e-mail. Nothing for a member who unsubscribed from all since
 * (account e-mails excepted), or for notifications that are gone.
 */
export function prepareOutgoing(
  deps: Pick<NotificationsEmailDeps, 'site' | 'linkSecret'>,
  group: ClaimedEmail[],
  known: SendingFacts,
): PreparedEmail {
  const logId = randomUUID();
  const first = group[0]!;
  const userId = first.userId;
  const base: PreparedEmail = {
    rows: group,
    cancelled: [],
    reason: null,
    outgoing: null,
    logId,
    userId,
    emailType: first.emailType,
  };
  const isAccount = group.every((r) => ACCOUNT_EMAIL_KINDS.has(r.kind));
  if (userId && !isAccount && known.unsubscribed.has(userId))
    return { ...base, rows: [], cancelled: group, reason: 'unsubscribed' };
  const aboutNotifications = group.filter((r) => r.kind === 'notification' && r.notificationId);
  if (aboutNotifications.length !== group.length || !userId) {
    // Composed when queued (account e-mails, digests, tests): sent as they are, one by one.
    return { ...base, outgoing: finishEmail(deps, first, { userId, logId }) };
  }
  const member = known.members.get(userId);
  const facts: { row: ClaimedEmail; facts: NotificationEmailFacts }[] = [];
  const gone: ClaimedEmail[] = [];
  for (const row of group) {
    const n = known.notifications.get(row.notificationId!);
    if (!n) gone.push(row);
    else
      facts.push({
        row,
        facts: {
          title: n.title,
          message: n.message,
          contentPreview: n.content_preview,
          actionUrl: n.action_url,
        },
      });
  }
  const to = member?.email ?? first.to;
  const name = member?.name ?? '';
  if (!facts.length) return { ...base, rows: [], cancelled: gone, reason: 'notification gone' };
  const rows = facts.map((f) => f.row);
  if (facts.length === 1) {
    const { row, facts: one } = facts[0]!;
    const email = composeNotificationEmail(deps.site, { to, name, type: row.emailType, notification: one });
    return {
      ...base,
      rows,
      cancelled: gone,
      reason: 'notification gone',
      emailType: row.emailType,
      outgoing: finishEmail(deps, email, { userId, logId }),
    };
  }
  const email = composeNotificationBatch(deps.site, { to, name, notifications: facts.map((f) => f.facts) });
  return {
    ...base,
    rows,
    cancelled: gone,
    reason: 'notification gone',
    emailType: 'notification_batch',
    outgoing: finishEmail(deps, email, { userId, logId }),
  };
}

/** email_logs: one row per e-mail that went out (or finally failed). */
export async function recordOutcome(
  deps: SendDeps,
  prepared: PreparedEmail,
  status: 'sent' | 'failed',
): Promise<void> {
  await insertEmailLog(deps.db, {
    id: prepared.logId,
    userId: prepared.userId,
    emailType: prepared.emailType,
    status,
    at: deps.clock.now(),
  });
}
