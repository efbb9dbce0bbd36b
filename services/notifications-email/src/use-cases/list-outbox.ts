import type { OutboxEmail } from '@mer/contracts';
import { listEmails, type OutboxRow } from '../db/email-queue.repository.ts';
import type { NotificationsEmailDeps } from '../deps.ts';

const DEFAULT_LIMIT = 20;

/** The admin e-mail tester and the local outbox: what MER sent or queued, newest first. */
export async function listOutbox(
  deps: Pick<NotificationsEmailDeps, 'db'>,
  query: { to?: string | undefined; limit?: number | undefined },
): Promise<OutboxEmail[]> {
  const to = query.to?.trim();
  const rows = await listEmails(deps.db, { ...(to ? { to } : {}), limit: query.limit ?? DEFAULT_LIMIT });
  return rows.map(toOutboxEmail);
}

function toOutboxEmail(row: OutboxRow): OutboxEmail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    kind: row.kind,
    status: row.status,
    transport: row.transport,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}
