import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { FeedReactionAdded } from '@mer/contracts';
import { startService, sql } from '@mer/service-runtime';
import { createTestInfra, eventEnvelope } from '@mer/service-runtime/testing';
import { notificationsEmailService } from '../services/notifications-email/src/index.ts';
import { notifyCircleUpdate } from '../services/notifications-email/src/use-cases/circle-notifications.ts';

/**
 * `npm run bench:notifications`: notifications-email on the local PostgreSQL and NATS (embedded engines when they
 * are not running), e-mail to a local SMTP sink (smtp-server, accepting everything).
 * 1. A circle announcement to CIRCLE_MEMBERS (default 5,000) members, synthesized as events-circles' consumer
 *    will deliver it (one event, one transaction, use-cases/circle-notifications.ts): time until every
 *    notification is stored and its live update (notification.created) published to the bus, then the rate at
 *    which the announcement e-mails (high priority: sent at once) are queued and sent to the sink.
 *    EMAIL_SEND_CONCURRENCY (default the service's, 4) sets the dispatcher's parallel sends and SMTP connections.
 * 2. A post reacted to by REACTORS (default 500) members, as 500 community-feed reaction events on the bus: time
 *    until the one aggregated notification counts them all and every update is published.
 */

const CIRCLE_MEMBERS = Number(process.env.CIRCLE_MEMBERS ?? 5000);
const REACTORS = Number(process.env.REACTORS ?? 500);

const received = { count: 0, first: 0, last: 0 };
const smtp = new SMTPServer({
  logger: false,
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      const now = performance.now();
      if (!received.count) received.first = now;
      received.count++;
      received.last = now;
      callback();
    });
  },
});
await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const infra = await createTestInfra();
console.log(`notifications bench on ${infra.describe}; SMTP sink on 127.0.0.1:${smtpPort}`);
const service = await startService(notificationsEmailService, {
  databases: infra.databases,
  bus: infra.bus,
  store: infra.store,
  logger: infra.logger,
  schema: infra.schemaFor('notifications-email'),
  env: {
    PUBLIC_URL: 'https://mer.example',
    // The shipped defaults: a pool of EMAIL_SEND_CONCURRENCY (4) connections.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ...(process.env.EMAIL_SEND_CONCURRENCY
      ? { EMAIL_SEND_CONCURRENCY: process.env.EMAIL_SEND_CONCURRENCY }
      : {}),
    EMAIL_POLL_INTERVAL_MS: '50',
    CONNECTION_REQUEST_EMAIL_INTERVAL_MS: '0',
    DIGEST_CHECK_INTERVAL_MS: '0',
    LOG_LEVEL: 'warn',
  },
});
const db = service.context.db;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(check: () => Promise<boolean>, timeoutMs = 600_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('bench: timed out');
    await sleep(20);
  }
}
const countOf = async (q: Promise<{ n: string | number } | undefined>) => Number((await q)?.n ?? 0);
const publishedCreated = () =>
  countOf(
    sql<{
      n: string;
    }>`select count(*) as n from outbox where subject = 'notifications-email.notification.created.v1' and published_at is not null`
      .execute(db)
      .then((r) => r.rows[0]),
  );

try {
  // Members as identity announces them (their sign-up e-mails are counted out of the figures below).
  const members = Array.from({ length: CIRCLE_MEMBERS }, () => randomUUID());
  const t0 = performance.now();
  await db
    .insertInto('members')
    .values(members.map((id, i) => ({ user_id: id, email: `member-${i}@example.com`, name: `Member ${i}` })))
    .execute();
  console.log(`${CIRCLE_MEMBERS} members stored in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // 1. The circle announcement.
  const author = members[0]!;
  const start = performance.now();
  const created = await service.deps.transaction((tx) =>
    notifyCircleUpdate(service.deps, tx, {
      sourceId: randomUUID(),
      circleId: randomUUID(),
      circleName: 'Full Moon Circle',
      updateType: 'announcement',
      authorId: author,
      authorName: 'Member 0',
      text: 'We gather on Sunday at dawn.',
      memberIds: members,
      at: new Date(),
    }),
  );
  const stored = performance.now();
  await waitFor(async () => (await publishedCreated()) >= created);
  const pushed = performance.now();
  console.log(
    `circle announcement to ${CIRCLE_MEMBERS}: ${created} notifications stored in ${((stored - start) / 1000).toFixed(2)} s ` +
      `(${Math.round(created / ((stored - start) / 1000))}/s, e-mails queued in the same transaction), ` +
      `all live updates published ${((pushed - start) / 1000).toFixed(2)} s after the event`,
  );
  await waitFor(async () => received.count >= created);
  const sentAt = performance.now();
  console.log(
    `announcement e-mails: ${created} queued at ${Math.round(created / ((stored - start) / 1000))}/s; ` +
      `all ${received.count} received by the SMTP sink ${((sentAt - start) / 1000).toFixed(2)} s after the event ` +
      `(${Math.round(received.count / ((received.last - received.first) / 1000))}/s once sending began)`,
  );

  // 2. One post, REACTORS reactions.
  const postAuthor = members[1]!;
  const postId = randomUUID();
  const before = await publishedCreated();
  const counts = { like: 0, love: 0, namaste: 0, insightful: 0, support: 0 };
  const reactStart = performance.now();
  for (const memberId of members.slice(2, 2 + REACTORS)) {
    await infra.bus.publish(
      eventEnvelope(FeedReactionAdded, {
        postId,
        postAuthorId: postAuthor,
        memberId,
        type: 'love',
        previousType: null,
        reactionCounts: counts,
      }),
    );
  }
  const published = performance.now();
  await waitFor(async () => {
    const row = await db
      .selectFrom('notifications')
      .select('total_reactors')
      .where('user_id', '=', postAuthor)
      .where('group_key', '=', `post_reaction:${postId}`)
      .executeTakeFirst();
    return row?.total_reactors === REACTORS;
  });
  const aggregated = performance.now();
  await waitFor(async () => (await publishedCreated()) >= before + REACTORS);
  const reactPushed = performance.now();
  console.log(
    `post reacted to by ${REACTORS}: events on the bus in ${((published - reactStart) / 1000).toFixed(2)} s; ` +
      `aggregated notification counts all ${REACTORS} after ${((aggregated - reactStart) / 1000).toFixed(2)} s ` +
      `(${Math.round(REACTORS / ((aggregated - reactStart) / 1000))} reactions/s); every live update published after ` +
      `${((reactPushed - reactStart) / 1000).toFixed(2)} s`,
  );
} finally {
  await service.stop();
  await infra.close();
  await new Promise<void>((r) => smtp.close(() => r()));
}
