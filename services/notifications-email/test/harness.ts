import { sql } from 'kysely';
import { startService, type EventBus, type RunningService, type TokenVerifier } from '@mer/service-runtime';
import type { TestInfra } from '@mer/service-runtime/testing';
import { notificationsEmailService } from '../src/index.ts';
import type { NotificationsEmailConfig } from '../src/config.ts';
import type { NotificationsEmailDeps, NotificationsEmailTables } from '../src/deps.ts';

export {
  eventEnvelope as identityEvent,
  createTokenIssuer,
  deliveringTwice,
} from '@mer/service-runtime/testing';

export const PUBLIC_URL = 'https://mer.test';

/** Starts the service on the test infrastructure, polling its queue quickly. */
/** The running service, typed with its config, tables and deps. */
export type EmailService = RunningService<
  NotificationsEmailConfig,
  NotificationsEmailTables,
  NotificationsEmailDeps
>;

import { DEFAULT_PUSH_SERVICES } from '../src/domain/push-endpoints.ts';

export function startEmailService(
  infra: TestInfra,
  opts: {
    env?: Record<string, string>;
    verifier?: TokenVerifier;
    bus?: EventBus;
    schemaSuffix?: string;
  } = {},
): Promise<EmailService> {
  return startService(notificationsEmailService, {
    databases: infra.databases,
    bus: opts.bus ?? infra.bus,
    store: infra.store,
    logger: infra.logger,
    schema: infra.schemaFor(`notifications-email${opts.schemaSuffix ?? ''}`),
    ...(opts.verifier ? { verifier: opts.verifier } : {}),
    env: {
      PUBLIC_URL,
      EMAIL_POLL_INTERVAL_MS: '50',
      EMAIL_RETRY_BASE_MS: '50',
      // The tests' fake push service listens on 127.0.0.1 (plain http); browsers' real ones stay allowed.
      PUSH_SERVICES: `${DEFAULT_PUSH_SERVICES},http://127.0.0.1`,
      ...opts.env,
    },
  });
}

export interface QueueRow {
  id: string;
  event_id: string;
  kind: string;
  user_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  action_url: string | null;
  status: string;
  transport: string;
  attempts: number;
  last_error: string | null;
}

export function queueRows(service: EmailService): Promise<QueueRow[]> {
  return service.context.db.selectFrom('email_queue').selectAll().orderBy('seq').execute();
}

/** Events this service put in its outbox (published after commit), oldest first. */
export async function publishedEvents(service: EmailService, subject: string): Promise<{ payload: any }[]> {
  // Qualified by the schema: the embedded engine's single session does not keep the service's search_path.
  const outbox = sql.table(`${service.context.database.schema}.outbox`);
  const result = await sql<{
    envelope: unknown;
  }>`select envelope from ${outbox} where subject = ${subject} order by occurred_at, id`.execute(
    service.context.db,
  );
  return result.rows.map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope));
}

/** The member's notifications as stored, newest first. */
export function storedNotifications(service: EmailService, userId: string) {
  return service.context.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .execute();
}
