import { notificationsEmailRoutes, type OutboxEmail } from '@mer/contracts';
import { registerRoute, type App, type ServiceContext } from '@mer/service-runtime';
import { listEmails, type OutboxRow } from '../db/email-queue.repository.ts';

/** The admin e-mail tester and the local outbox: what MER sent or queued, newest first. */
export function registerOutboxRoutes(app: App, ctx: ServiceContext<unknown>): void {
  registerRoute(app, notificationsEmailRoutes.listOutbox, async (request) => {
    const to = request.query.to?.trim();
    const rows = await listEmails(ctx.db, { ...(to ? { to } : {}), limit: request.query.limit ?? 20 });
    return { emails: rows.map(toOutboxEmail) };
  });
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
