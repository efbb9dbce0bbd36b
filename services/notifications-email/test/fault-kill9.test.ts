import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { UserRegistered } from '@mer/contracts';
import { NatsBus, createPostgresProvider, sql, type Database } from '@mer/service-runtime';
import { detectServers, eventually, exited, serviceProcesses } from '@mer/service-runtime/testing';
import { identityEvent } from './harness.ts';

/**
 * Fault test: the service runs as its own process against real PostgreSQL and NATS JetStream,
 * is killed with SIGKILL while it handles a stream of sign-ups, and is started again.
 * Afterwards every event must have been handled once: one confirmation and one welcome e-mail
 * per sign-up, no event recorded twice, no e-mail queued twice, and every e-mail sent.
 */
const servers = await detectServers();
const realServers = Boolean(servers.postgres && servers.nats);
if (!realServers) {
  console.log(
    'notifications-email fault-kill9 test SKIPPED: it needs real PostgreSQL and NATS JetStream ' +
      '(MER_TEST_DATABASE_URL / MER_TEST_NATS_URL, default 127.0.0.1:5432 and :4222), which are not reachable here (or MER_TEST_EMBEDDED=1 asks for the embedded engines).',
  );
}

const EVENTS = 300;
const KILL_AFTER_HANDLED = 40;
const namespace = `fault${randomBytes(4).toString('hex')}`;
const schema = `notifications_email_${namespace}`;
const CONSUMER = 'notifications-email-send-sign-up-emails';

const processes = serviceProcesses({
  service: 'notifications-email',
  postgres: servers.postgres,
  nats: servers.nats,
  schema,
  namespace,
  env: {
    PUBLIC_URL: 'https://mer.test',
    // Rows a killed dispatcher had claimed come back quickly.
    EMAIL_SEND_LEASE_MS: '2000',
    EMAIL_POLL_INTERVAL_MS: '100',
    // The periodic batch and digest loops are not under test here.
    CONNECTION_REQUEST_EMAIL_INTERVAL_MS: '0',
    DIGEST_CHECK_INTERVAL_MS: '0',
  },
  unset: ['SMTP_URL', 'REDIS_URL'],
});
const startServiceProcess = processes.start;

let database: Database | undefined;
let bus: NatsBus | undefined;

afterAll(async () => {
  await processes.stopAll();
  await bus?.destroyNamespace().catch(() => undefined);
  await bus?.close();
  if (database) {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db).catch(() => undefined);
    await database.close();
  }
});

async function count(query: Promise<{ n: number } | undefined>): Promise<number> {
  return Number((await query)?.n ?? 0);
}

describe.skipIf(!realServers)('notifications-email survives kill -9 while handling events', () => {
  it('handles every event exactly once across a SIGKILL and a restart', async () => {
    database = createPostgresProvider(servers.postgres!, { max: 2 }).forSchema(schema);
    const db = database.db;
    bus = await NatsBus.connect({ servers: servers.nats!, namespace });

    const handled = () =>
      count(
        db
          .selectFrom('processed_events')
          .select(sql<number>`count(*)`.as('n'))
          .where('consumer', '=', CONSUMER)
          .executeTakeFirst(),
      );

    const first = startServiceProcess();
    const events = Array.from({ length: EVENTS }, (_, i) => {
      const userId = randomUUID();
      return identityEvent(UserRegistered, {
        userId,
        email: `fault-${i}@example.com`,
        name: `Member ${i}`,
        username: `fault_${i}`,
        discountPercent: null,
        emailConfirmationUrl: `https://mer.test/confirm-email?token=${userId}`,
        registeredAt: new Date().toISOString(),
      });
    });
    // Publish while the service works, so events keep arriving around the kill.
    const publishing = (async () => {
      for (const event of events) await bus!.publish(event);
    })();

    await eventually(async () => (await handled()) >= KILL_AFTER_HANDLED, 30_000, 10);
    first.kill('SIGKILL');
    await exited(first);
    const handledAtKill = await handled();
    console.log(`killed with ${handledAtKill} of ${EVENTS} events handled`);
    expect(first.signalCode).toBe('SIGKILL');
    expect(handledAtKill).toBeLessThan(EVENTS);

    startServiceProcess();
    await publishing;
    // Deliveries the killed process held come back after JetStream's ack wait (30 s).
    await eventually(async () => (await handled()) === EVENTS, 50_000, 200).catch((err) => {
      console.log(processes.output());
      throw err;
    });
    await eventually(
      async () => {
        const unsent = await count(
          db
            .selectFrom('email_queue')
            .select(sql<number>`count(*)`.as('n'))
            .where('status', '!=', 'sent')
            .executeTakeFirst(),
        );
        return unsent === 0;
      },
      15_000,
      100,
    );

    const processed = await db
      .selectFrom('processed_events')
      .select(['event_id'])
      .where('consumer', '=', CONSUMER)
      .execute();
    expect(processed).toHaveLength(EVENTS);
    expect(new Set(processed.map((p) => p.event_id)).size).toBe(EVENTS);

    const rows = await db
      .selectFrom('email_queue')
      .select(['event_id', 'kind', 'to_address', 'status'])
      .execute();
    expect(rows).toHaveLength(EVENTS * 2);
    const byEvent = new Map<string, string[]>();
    for (const row of rows) byEvent.set(row.event_id, [...(byEvent.get(row.event_id) ?? []), row.kind]);
    for (const event of events) {
      expect(byEvent.get(event.id)?.sort()).toEqual(['email_confirmation', 'welcome']);
    }
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  }, 90_000);
});
