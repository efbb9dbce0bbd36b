import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { FeedCommentAdded, FeedReactionAdded, MessageSent, UserRegistered } from '@mer/contracts';
import { NatsBus, createPostgresProvider, sql, type Database } from '@mer/service-runtime';
import { detectServers, eventually, exited, serviceProcesses } from '@mer/service-runtime/testing';
import { identityEvent } from './harness.ts';

/**
 * Fault test for notifications: the service runs as its own process against real PostgreSQL and NATS JetStream,
 * is killed with SIGKILL while 1,000 notification-causing events flow (messages, comments, reactions), and is
 * started again. Afterwards each notification exists exactly once, reactions aggregated exactly (every reactor
 * counted once), and exactly one notification.created event was written per notification change.
 */
const servers = await detectServers();
const realServers = Boolean(servers.postgres && servers.nats);
if (!realServers) {
  console.log(
    'notifications-email fault-kill9-notifications test SKIPPED: it needs real PostgreSQL and NATS JetStream ' +
      '(MER_TEST_DATABASE_URL / MER_TEST_NATS_URL, default 127.0.0.1:5432 and :4222), which are not reachable here (or MER_TEST_EMBEDDED=1 asks for the embedded engines).',
  );
}

const MEMBERS = 20;
const MESSAGES = 600;
const COMMENTS = 300;
/** 10 posts, each reacted to by 10 members. */
const REACTIONS = 100;
const EVENTS = MESSAGES + COMMENTS + REACTIONS;
const KILL_AFTER_HANDLED = 150;
const namespace = `fault${randomBytes(4).toString('hex')}`;
const schema = `notifications_email_${namespace}`;
const CONSUMERS = [
  'notifications-email-notify-message-sent',
  'notifications-email-notify-post-comment',
  'notifications-email-notify-post-reaction',
];

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

describe.skipIf(!realServers)('notifications survive kill -9 while 1,000 events flow', () => {
  it('creates each notification exactly once across a SIGKILL and a restart', async () => {
    database = createPostgresProvider(servers.postgres!, { max: 2 }).forSchema(schema);
    const db = database.db;
    bus = await NatsBus.connect({ servers: servers.nats!, namespace });
    const handled = () =>
      count(
        db
          .selectFrom('processed_events')
          .select(sql<number>`count(*)`.as('n'))
          .where('consumer', 'in', CONSUMERS)
          .executeTakeFirst(),
      );

    const first = startServiceProcess();
    const members = Array.from({ length: MEMBERS }, () => randomUUID());
    for (const [i, userId] of members.entries()) {
      await bus.publish(
        identityEvent(UserRegistered, {
          userId,
          email: `kill-${i}@example.com`,
          name: `Member ${i}`,
          username: `kill_${i}`,
          discountPercent: null,
          emailConfirmationUrl: `https://mer.test/confirm-email?token=${userId}`,
          registeredAt: new Date().toISOString(),
        }),
      );
    }
    await eventually(
      async () =>
        (await count(
          db
            .selectFrom('members')
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirst(),
        )) === MEMBERS,
      30_000,
      50,
    );

    const posts = Array.from({ length: 10 }, () => randomUUID());
    const counts = { like: 0, love: 0, namaste: 0, insightful: 0, support: 0 };
    const events = [
      ...Array.from({ length: MESSAGES }, (_, i) =>
        identityEvent(MessageSent, {
          messageId: randomUUID(),
          conversationId: randomUUID(),
          sequence: 1,
          senderId: members[(i + 1) % MEMBERS]!,
          senderName: 'Sender',
          senderImageUrl: null,
          recipientIds: [members[i % MEMBERS]!],
          memberIds: [members[i % MEMBERS]!, members[(i + 1) % MEMBERS]!],
          body: `message ${i}`,
          clientMessageId: null,
          sentAt: new Date().toISOString(),
        }),
      ),
      ...Array.from({ length: COMMENTS }, (_, i) =>
        identityEvent(FeedCommentAdded, {
          commentId: randomUUID(),
          postId: randomUUID(),
          postAuthorId: members[i % MEMBERS]!,
          authorId: members[(i + 3) % MEMBERS]!,
          parentId: null,
          parentAuthorId: null,
          preview: `comment ${i}`,
        }),
      ),
      ...Array.from({ length: REACTIONS }, (_, i) =>
        identityEvent(FeedReactionAdded, {
          postId: posts[i % 10]!,
          postAuthorId: members[i % 10]!,
          memberId: members[10 + Math.floor(i / 10)]!,
          type: 'love',
          previousType: null,
          reactionCounts: counts,
        }),
      ),
    ];
    // Interleave the kinds, and publish while the service works, so events keep arriving around the kill.
    events.sort(() => Math.random() - 0.5);
    const publishing = (async () => {
      for (const event of events) await bus!.publish(event);
    })();

    await eventually(async () => (await handled()) >= KILL_AFTER_HANDLED, 30_000, 10);
    first.kill('SIGKILL');
    await exited(first);
    const handledAtKill = await handled();
    console.log(`killed with ${handledAtKill} of ${EVENTS} notification events handled`);
    expect(first.signalCode).toBe('SIGKILL');
    expect(handledAtKill).toBeLessThan(EVENTS);

    startServiceProcess();
    await publishing;
    // Deliveries the killed process held come back after JetStream's ack wait (30 s).
    await eventually(async () => (await handled()) === EVENTS, 60_000, 200).catch((err) => {
      console.log(processes.output());
      throw err;
    });

    const rows = await db
      .selectFrom('notifications')
      .select(['type', 'source_key', 'user_id', 'total_reactors', 'aggregated_data'])
      .execute();
    const bySource = new Map<string, number>();
    for (const r of rows)
      bySource.set(`${r.user_id} ${r.source_key}`, (bySource.get(`${r.user_id} ${r.source_key}`) ?? 0) + 1);
    expect([...bySource.values()].every((n) => n === 1)).toBe(true);
    expect(rows.filter((r) => r.type === 'message')).toHaveLength(MESSAGES);
    expect(rows.filter((r) => r.type === 'post_comment')).toHaveLength(COMMENTS);
    const reactions = rows.filter((r) => r.source_key.startsWith('post_reaction:'));
    expect(reactions).toHaveLength(10);
    for (const r of reactions) {
      expect(r.total_reactors).toBe(10);
      const reactors = (r.aggregated_data as { user_id: string }[]).map((a) => a.user_id);
      expect(new Set(reactors).size).toBe(10);
    }
    // One live update per notification change: 600 + 300 created, 10 created + 90 aggregated.
    const created = await count(
      db
        .selectFrom('outbox')
        .select(sql<number>`count(*)`.as('n'))
        .where('subject', '=', 'notifications-email.notification.created.v1')
        .executeTakeFirst(),
    );
    expect(created).toBe(EVENTS);
  }, 150_000);
});
