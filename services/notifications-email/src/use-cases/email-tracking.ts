import type { EmailLog } from '@mer/contracts';
import { listEmailLogs, markLogClicked, markLogOpened } from '../db/email-logs.repository.ts';
import { verifyLink } from '../domain/signed-links.ts';
import type { NotificationsEmailDeps } from '../deps.ts';

/** A transparent 1×1 GIF. */
export const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The open pixel: records the first opening; an unknown or forged token records nothing (the pixel is the same). */
export async function recordOpen(
  deps: Pick<NotificationsEmailDeps, 'db' | 'linkSecret' | 'clock'>,
  token: string,
): Promise<void> {
  const link = verifyLink(deps.linkSecret, token, 'open');
  if (link) await markLogOpened(deps.db, link.l, deps.clock.now());
}

/** A click: records it and answers where to go, always a page of MER's own site (the home page for a bad token). */
export async function recordClick(
  deps: Pick<NotificationsEmailDeps, 'db' | 'linkSecret' | 'clock' | 'site'>,
  token: string,
): Promise<string> {
  const link = verifyLink(deps.linkSecret, token, 'click');
  if (!link || !link.to.startsWith('/') || link.to.startsWith('//')) return deps.site.page('/');
  await markLogClicked(deps.db, link.l, deps.clock.now());
  return deps.site.page(link.to);
}

const DAY_MS = 24 * 3600_000;

/** The spec's email_logs query: the latest N, or those of the last N days (default 30). */
export async function emailLogs(
  deps: Pick<NotificationsEmailDeps, 'db' | 'clock'>,
  query: { userId?: string | undefined; latest?: number | undefined; days?: number | undefined },
): Promise<{ logs: EmailLog[]; stats: { sent: number; opened: number; clicked: number } }> {
  const rows = await listEmailLogs(deps.db, {
    ...(query.userId ? { userId: query.userId } : {}),
    ...(query.latest
      ? { latest: query.latest }
      : { since: new Date(deps.clock.now().getTime() - (query.days ?? 30) * DAY_MS) }),
  });
  const logs = rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    emailType: r.email_type,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    openedAt: r.opened_at ? new Date(r.opened_at).toISOString() : null,
    clickedAt: r.clicked_at ? new Date(r.clicked_at).toISOString() : null,
  }));
  return {
    logs,
    stats: {
      sent: logs.filter((l) => l.status === 'sent').length,
      opened: logs.filter((l) => l.openedAt).length,
      clicked: logs.filter((l) => l.clickedAt).length,
    },
  };
}
