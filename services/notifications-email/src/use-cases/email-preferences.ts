import { NotificationsEmailTexts, type EmailPreferences } from '@mer/contracts';
import { invalidData } from '@mer/service-runtime';
import { cancelMemberEmails } from '../db/email-queue.repository.ts';
import {
  findEmailPreferences,
  saveEmailPreferences,
  type EmailPreferenceChanges,
  type EmailPreferencesRow,
} from '../db/email-preferences.repository.ts';
import { findMember } from '../db/members.repository.ts';
import { isValidTimeZone } from '../domain/email-queue-policy.ts';
import { ACCOUNT_EMAIL_KINDS, PRODUCT_NAME } from '../domain/email-templates.ts';
import { escapeHtml } from '../domain/html.ts';
import { verifyLink } from '../domain/signed-links.ts';
import type { NotificationsEmailDeps } from '../deps.ts';

const DEFAULTS: EmailPreferences = {
  unsubscribedAll: false,
  batchNotifications: true,
  quietHoursEnabled: false,
  quietHoursStart: '22:00',
  quietHoursEnd: '07:00',
  timeZone: 'UTC',
  digest: 'weekly',
};

function toApi(row: EmailPreferencesRow | null): EmailPreferences {
  if (!row) return { ...DEFAULTS };
  return {
    unsubscribedAll: row.unsubscribed_all,
    batchNotifications: row.batch_notifications,
    quietHoursEnabled: row.quiet_hours_enabled,
    quietHoursStart: row.quiet_hours_start,
    quietHoursEnd: row.quiet_hours_end,
    timeZone: row.time_zone,
    digest: row.digest,
  };
}

export async function getEmailPreferences(
  deps: Pick<NotificationsEmailDeps, 'db'>,
  userId: string,
): Promise<EmailPreferences> {
  return toApi(await findEmailPreferences(deps.db, userId));
}

export async function updateEmailPreferences(
  deps: NotificationsEmailDeps,
  userId: string,
  body: Partial<EmailPreferences>,
): Promise<EmailPreferences> {
  if (body.timeZone !== undefined && !isValidTimeZone(body.timeZone)) {
    throw invalidData('Invalid time zone', NotificationsEmailTexts.invalidTimeZone, 'timeZone');
  }
  const changes: EmailPreferenceChanges = {
    ...(body.unsubscribedAll !== undefined ? { unsubscribed_all: body.unsubscribedAll } : {}),
    ...(body.batchNotifications !== undefined ? { batch_notifications: body.batchNotifications } : {}),
    ...(body.quietHoursEnabled !== undefined ? { quiet_hours_enabled: body.quietHoursEnabled } : {}),
    ...(body.quietHoursStart !== undefined ? { quiet_hours_start: body.quietHoursStart } : {}),
    ...(body.quietHoursEnd !== undefined ? { quiet_hours_end: body.quietHoursEnd } : {}),
    ...(body.timeZone !== undefined ? { time_zone: body.timeZone } : {}),
    ...(body.digest !== undefined ? { digest: body.digest } : {}),
  };
  const row = await deps.transaction(async (tx) => {
    await tx.members.lock(userId);
    const saved = await saveEmailPreferences(tx.trx, userId, changes);
    if (body.unsubscribedAll) await cancelMemberEmails(tx.trx, userId, [...ACCOUNT_EMAIL_KINDS]);
    return saved;
  });
  return toApi(row);
}

/** The page every e-mail links to: which address, and a button that unsubscribes (a GET never does). */
export async function unsubscribePage(
  deps: NotificationsEmailDeps,
  token: string,
): Promise<{ status: number; html: string }> {
  const link = verifyLink(deps.linkSecret, token, 'unsubscribe');
  if (!link)
    return {
      status: 400,
      html: page('Unsubscribe', `<p>${escapeHtml(NotificationsEmailTexts.invalidUnsubscribeLink)}</p>`),
    };
  const member = await findMember(deps.db, link.u);
  const prefs = await findEmailPreferences(deps.db, link.u);
  const who = member?.email ? ` for <strong>${escapeHtml(member.email)}</strong>` : '';
  if (prefs?.unsubscribed_all) {
    return {
      status: 200,
      html: page(
        'Unsubscribed',
        `<p>You are unsubscribed${who}. ${PRODUCT_NAME} sends you only e-mails about your account itself.</p>${settingsLink(deps)}`,
      ),
    };
  }
  const action = escapeHtml(
    deps.site.page(`/api/v1/notifications-email/unsubscribe?token=${encodeURIComponent(token)}`),
  );
  return {
    status: 200,
    html: page(
      'Unsubscribe',
      `<p>Would you like to stop the e-mails from ${PRODUCT_NAME}${who}? You will still receive e-mails about your account itself (password resets, address confirmations).</p>` +
        `<form method="post" action="${action}"><button type="submit" style="background:#5b4b8a;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:16px;cursor:pointer;">Unsubscribe from all e-mails</button></form>` +
        settingsLink(deps),
    ),
  };
}

/** One click from the mail client (List-Unsubscribe-Post) or the page's button: unsubscribed_all. */
export async function unsubscribeByLink(
  deps: NotificationsEmailDeps,
  token: string,
): Promise<{ status: number; html: string }> {
  const link = verifyLink(deps.linkSecret, token, 'unsubscribe');
  if (!link)
    return {
      status: 400,
      html: page('Unsubscribe', `<p>${escapeHtml(NotificationsEmailTexts.invalidUnsubscribeLink)}</p>`),
    };
  await updateEmailPreferences(deps, link.u, { unsubscribedAll: true });
  return {
    status: 200,
    html: page(
      'Unsubscribed',
      `<p>You are unsubscribed. ${PRODUCT_NAME} will send you only e-mails about your account itself.</p>${settingsLink(deps)}`,
    ),
  };
}

function settingsLink(deps: Pick<NotificationsEmailDeps, 'site'>): string {
  return `<p style="font-size:14px;color:#666;">You can change this at any time in <a href="${escapeHtml(deps.site.page('/settings'))}" style="color:#5b4b8a;">your settings</a>.</p>`;
}

function page(title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f7f5fb;font-family:Georgia,serif;color:#2d2a32;line-height:1.5;">',
    '<main style="max-width:560px;margin:40px auto;background:#fff;border-radius:8px;padding:32px;">',
    `<h1 style="font-size:24px;font-weight:normal;margin:0 0 16px 0;">${escapeHtml(title)}</h1>`,
    body,
    '</main></body></html>',
  ].join('\n');
}
