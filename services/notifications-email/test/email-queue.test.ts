import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConnectionRequested,
  FeedCommentAdded,
  FeedMemberMentioned,
  FeedPhotoTagged,
  FeedReactionAdded,
  MessageSent,
  NotificationPreferencesChanged,
  UserRegistered,
  type EventDefinition,
  type EventPayload,
} from '@mer/contracts';
import { EmbeddedBus } from '@mer/service-runtime';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import { processConnectionRequestEmails } from '../src/use-cases/connection-request-emails.ts';
import { sendDueDigests } from '../src/use-cases/digests.ts';
import { SmtpReceiver, type ReceivedEmail } from './smtp-receiver.ts';
import {
  PUBLIC_URL,
  createTokenIssuer,
  identityEvent as envelope,
  publishedEvents,
  startEmailService,
  type EmailService,
} from './harness.ts';

/*
 * Spec 001 section 4's e-mail queue, each rule against a real SMTP server, with the service's clock moved by the
 * test (the dispatcher claims what is due by that clock).
 */

let infra: TestInfra;
let receiver: SmtpReceiver;
let smtpPort: number;
let service: EmailService;
let tokens: Awaited<ReturnType<typeof createTokenIssuer>>;
let adminToken: string;
/** The service's "now". Starts tomorrow at 12:00 UTC, after anything queued by the database's real clock. */
let clock: number;

const HOUR = 3600_000;
const MINUTE = 60_000;

beforeAll(async () => {
  infra = await createTestInfra();
  receiver = new SmtpReceiver();
  const port = (smtpPort = await receiver.start());
  tokens = await createTokenIssuer();
  adminToken = await tokens.token({ perms: ['system_admin'] });
  service = await startEmailService(infra, {
    verifier: tokens.verifier,
    env: {
      SMTP_URL: `smtp://mer:${encodeURIComponent('s3cret:pass')}@127.0.0.1:${port}`,
      CONNECTION_REQUEST_EMAIL_INTERVAL_MS: '0',
      DIGEST_CHECK_INTERVAL_MS: '0',
    },
  });
  const tomorrow = new Date(Date.now() + 24 * HOUR);
  clock = Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 12);
  service.deps.clock.now = () => new Date(clock);
});

afterAll(async () => {
  await service?.stop();
  await receiver?.close();
  await infra?.close();
});

const publish = <E extends EventDefinition>(def: E, payload: EventPayload<E>) =>
  infra.bus.publish(envelope(def, payload));
const ACCOUNT_SUBJECTS = ['Welcome to MER', 'Please confirm your e-mail address for MER'];

/** A header exactly as it was sent (mailparser turns List-* headers into objects). */
function rawHeader(mail: ReceivedEmail, name: string): string | null {
  const line = mail.mail.headerLines.find((h) => h.key === name.toLowerCase());
  return line
    ? line.line
        .slice(line.line.indexOf(':') + 1)
        .replace(/\r?\n\s+/g, ' ')
        .trim()
    : null;
}

/** E-mails a member received, other than the sign-up ones. */
const mailsTo = (address: string): ReceivedEmail[] =>
  receiver.to(address).filter((m) => !ACCOUNT_SUBJECTS.includes(m.mail.subject ?? ''));

async function member(name: string, prefs?: Record<string, unknown>) {
  const id = randomUUID();
  const email = `${name.toLowerCase()}-${id.slice(0, 6)}@example.com`;
  await publish(UserRegistered, {
    userId: id,
    email,
    name,
    username: `${name.toLowerCase()}_${id.slice(0, 6)}`,
    discountPercent: null,
    emailConfirmationUrl: `${PUBLIC_URL}/confirm-email?token=${id}`,
    registeredAt: new Date().toISOString(),
  });
  await eventually(async () => (receiver.to(email).length === 2 ? true : null));
  const token = await tokens.token({ sub: id });
  if (prefs) await patchPreferences(token, prefs);
  return { id, email, name, token };
}

async function patchPreferences(token: string, body: Record<string, unknown>) {
  const response = await fetch(`${service.url}/api/v1/notifications-email/email-preferences`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

async function post(path: string, body: unknown, token = adminToken) {
  const response = await fetch(`${service.url}/api/v1/notifications-email${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Waits until the member's notifications exist, so the queue holds their e-mails. */
async function queued(userId: string, count: number) {
  await eventually(async () => {
    const rows = await service.context.db
      .selectFrom('email_queue')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'notification')
      .execute();
    return rows.length >= count ? true : null;
  });
}

/** Nothing more arrives for a while (the dispatcher polls every 50 ms). */
async function settle() {
  await new Promise((r) => setTimeout(r, 400));
}

const comment = (postAuthorId: string, authorId: string, preview = 'Lovely') =>
  publish(FeedCommentAdded, {
    commentId: randomUUID(),
    postId: randomUUID(),
    postAuthorId,
    authorId,
    parentId: null,
    parentAuthorId: null,
    preview,
  });
const photoTag = (taggedUserId: string, byUserId: string) =>
  publish(FeedPhotoTagged, { photoId: randomUUID(), taggedUserId, byUserId, albumId: null, albumName: null });
const message = (recipientId: string, senderId: string, body: string) =>
  publish(MessageSent, {
    messageId: randomUUID(),
    conversationId: randomUUID(),
    sequence: 1,
    senderId,
    senderName: 'Ben',
    senderImageUrl: null,
    recipientIds: [recipientId],
    memberIds: [recipientId, senderId],
    body,
    clientMessageId: null,
    sentAt: new Date().toISOString(),
  });

describe('the e-mail queue (spec 001 section 4) against a real SMTP server', () => {
  it('sends a message (high priority) at once, with List-Unsubscribe one-click headers, the open pixel and tracked links', async () => {
    const [ana, ben] = [await member('Ana'), await member('Ben')];
    await message(ana.id, ben.id, 'See you at <the> circle & more');
    const [mail] = await eventually(async () =>
      mailsTo(ana.email).length === 1 ? mailsTo(ana.email) : null,
    );
    expect(mail!.mail.subject).toBe('New message from Ben');
    expect(mail!.mail.text).toContain('> See you at <the> circle & more');
    expect(mail!.mail.html).toContain('See you at &lt;the&gt; circle &amp; more');
    const listUnsubscribe = String(rawHeader(mail!, 'List-Unsubscribe'));
    expect(listUnsubscribe).toMatch(
      new RegExp(`^<${PUBLIC_URL}/api/v1/notifications-email/unsubscribe\\?token=`),
    );
    expect(rawHeader(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.mail.text).toContain('unsubscribe here:');
    expect(mail!.mail.html).toContain('/api/v1/notifications-email/t/open?token=');
    expect(mail!.mail.html).toContain('/api/v1/notifications-email/t/click?token=');
    expect(mail!.mail.html).not.toContain(`href="${PUBLIC_URL}/messages/`);
  });

  it('delays medium priority 15 minutes and low priority 1 hour', async () => {
    const [ana, ben] = [await member('Ana'), await member('Ben')];
    await photoTag(ana.id, ben.id);
    await queued(ana.id, 1);
    await settle();
    expect(mailsTo(ana.email)).toHaveLength(0);
    clock += 14 * MINUTE;
    await settle();
    expect(mailsTo(ana.email)).toHaveLength(0);
    clock += MINUTE;
    const [tag] = await eventually(async () => (mailsTo(ana.email).length === 1 ? mailsTo(ana.email) : null));
    expect(tag!.mail.subject).toBe('You were tagged in a photo');

    await comment(ana.id, ben.id);
    await queued(ana.id, 2);
    clock += 59 * MINUTE;
    await settle();
    expect(mailsTo(ana.email)).toHaveLength(1);
    clock += MINUTE;
    await eventually(async () => (mailsTo(ana.email).length === 2 ? true : null));
    expect(mailsTo(ana.email)[1]!.mail.subject).toBe('New comment');
  });

  it('sends the delayed e-mails of one member that fall due together as one e-mail', async () => {
    const [ana, ben] = [await member('Ana'), await member('Ben')];
    await comment(ana.id, ben.id, 'First');
    await comment(ana.id, ben.id, 'Second');
    await photoTag(ana.id, ben.id);
    await publish(FeedMemberMentioned, {
      mentionedUserId: ana.id,
      byUserId: ben.id,
      postId: randomUUID(),
      commentId: null,
      preview: 'hey',
    });
    await queued(ana.id, 4);
    clock += HOUR;
    const [batch] = await eventually(async () =>
      mailsTo(ana.email).length >= 1 ? mailsTo(ana.email) : null,
    );
    await settle();
    expect(mailsTo(ana.email)).toHaveLength(1);
    expect(batch!.mail.subject).toBe('4 new notifications on MER');
    expect(batch!.mail.text).toContain('Ben commented on your post');
    expect(batch!.mail.text).toContain('Ben tagged you in a photo');
    expect(batch!.mail.text).toContain('Ben mentioned you in a post');
  });

  it('does not batch or delay when batch_notifications is off', async () => {
    const [ana, ben] = [await member('Ana', { batchNotifications: false }), await member('Ben')];
    await comment(ana.id, ben.id);
    await comment(ana.id, ben.id);
    await eventually(async () => (mailsTo(ana.email).length === 2 ? true : null));
  });

  it("holds a delayed e-mail in quiet hours until their end in the member's time zone, across midnight", async () => {
    const tokyo = await member('Kenji', {
      quietHoursEnabled: true,
      quietHoursStart: '22:00',
      quietHoursEnd: '07:00',
      timeZone: 'Asia/Tokyo',
    });
    const ben = await member('Ben');
    // 13:00 UTC is 22:00 in Tokyo: the 1-hour delay lands at 23:00 local, inside the quiet hours → 07:00 local (22:00 UTC).
    const day = new Date(clock);
    clock = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1, 13);
    await comment(tokyo.id, ben.id);
    await queued(tokyo.id, 1);
    clock += 8 * HOUR + 59 * MINUTE; // 21:59 UTC = 06:59 Tokyo
    await settle();
    expect(mailsTo(tokyo.email)).toHaveLength(0);
    clock += MINUTE;
    await eventually(async () => (mailsTo(tokyo.email).length === 1 ? true : null));
  });

  it('sends nothing to a member who unsubscribed from all (through the one-click POST of an e-mail), nor what waited', async () => {
    const [ana, ben] = [await member('Ana'), await member('Ben')];
    await message(ana.id, ben.id, 'hello');
    const [mail] = await eventually(async () =>
      mailsTo(ana.email).length === 1 ? mailsTo(ana.email) : null,
    );
    await comment(ana.id, ben.id); // waits an hour in the queue
    await queued(ana.id, 2);
    const unsubscribeUrl = String(rawHeader(mail!, 'List-Unsubscribe'))
      .slice(1, -1)
      .replace(PUBLIC_URL, service.url);
    const page = await fetch(unsubscribeUrl);
    expect(await page.text()).toContain('Unsubscribe from all e-mails');
    const oneClick = await fetch(unsubscribeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    const forged = await fetch(
      unsubscribeUrl.replace(/token=[^.]+/, 'token=eyJwIjoidW5zdWJzY3JpYmUiLCJ1IjoieCJ9'),
      { method: 'POST' },
    );
    expect(forged.status).toBe(400);
    await message(ana.id, ben.id, 'are you there?');
    clock += 2 * HOUR;
    await settle();
    expect(mailsTo(ana.email)).toHaveLength(1);
    const rows = await service.context.db
      .selectFrom('email_queue')
      .select('status')
      .where('user_id', '=', ana.id)
      .where('kind', '=', 'notification')
      .execute();
    // Rows come in no set order: compare as a set (the one sent before, the one cancelled by the unsubscribe).
    expect(rows.map((r) => r.status).sort()).toEqual(['cancelled', 'sent']);
  });

  it("follows the per-type preferences: no e-mail when email_notifications or the type's own is off", async () => {
    const [ana, ben] = [await member('Ana'), await member('Ben')];
    await publish(NotificationPreferencesChanged, {
      userId: ana.id,
      preferences: { post_comments: false },
      changedAt: new Date().toISOString(),
    });
    await eventually(async () => {
      const m = await service.context.db
        .selectFrom('members')
        .select('notification_preferences')
        .where('user_id', '=', ana.id)
        .executeTakeFirst();
      return m?.notification_preferences ? true : null;
    });
    await comment(ana.id, ben.id);
    await message(ana.id, ben.id, 'still e-mailed');
    await eventually(async () => (mailsTo(ana.email).length === 1 ? true : null));
    clock += 2 * HOUR;
    await settle();
    expect(mailsTo(ana.email).map((m) => m.mail.subject)).toEqual(['New message from Ben']);

    await publish(NotificationPreferencesChanged, {
      userId: ana.id,
      preferences: { email_notifications: false },
      changedAt: new Date().toISOString(),
    });
    await eventually(async () => {
      const m = await service.context.db
        .selectFrom('members')
        .select('notification_preferences')
        .where('user_id', '=', ana.id)
        .executeTakeFirst();
      return m?.notification_preferences?.email_notifications === false ? true : null;
    });
    await message(ana.id, ben.id, 'not e-mailed');
    await settle();
    expect(mailsTo(ana.email)).toHaveLength(1);
  });

  it('aggregates reactions in one e-mail that says how many reacted when it goes', async () => {
    const ana = await member('Ana');
    const reactors = [await member('Mira'), await member('Leo'), await member('Sol')];
    const postId = randomUUID();
    const counts = { like: 0, love: 0, namaste: 0, insightful: 0, support: 0 };
    for (const r of reactors) {
      await publish(FeedReactionAdded, {
        postId,
        postAuthorId: ana.id,
        memberId: r.id,
        type: 'love',
        previousType: null,
        reactionCounts: counts,
      });
    }
    await eventually(async () => {
      const n = await service.context.db
        .selectFrom('notifications')
        .select('total_reactors')
        .where('user_id', '=', ana.id)
        .executeTakeFirst();
      return n?.total_reactors === 3 ? true : null;
    });
    clock += HOUR;
    const [mail] = await eventually(async () =>
      mailsTo(ana.email).length === 1 ? mailsTo(ana.email) : null,
    );
    await settle();
    expect(mailsTo(ana.email)).toHaveLength(1);
    expect(mail!.mail.text).toContain('Sol and 2 others reacted to your post');
  });

  it('records opens (pixel) and clicks (redirect to MER pages only) in email_logs', async () => {
    const [ana, ben] = [await member('Ana'), await member('Ben')];
    await message(ana.id, ben.id, 'tracked');
    const [mail] = await eventually(async () =>
      mailsTo(ana.email).length === 1 ? mailsTo(ana.email) : null,
    );
    const html = String(mail!.mail.html);
    const pixel = html.match(/src="([^"]*\/t\/open\?token=[^"]+)"/)![1]!.replace(PUBLIC_URL, service.url);
    const click = html
      .match(/href="([^"]*\/t\/click\?token=[^"]+)"/)![1]!
      .replace(/&amp;/g, '&')
      .replace(PUBLIC_URL, service.url);
    const gif = await fetch(pixel);
    expect(gif.headers.get('content-type')).toBe('image/gif');
    const redirect = await fetch(click, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toMatch(new RegExp(`^${PUBLIC_URL}/messages/[0-9a-f-]{36}$`));
    const forged = await fetch(
      `${service.url}/api/v1/notifications-email/t/click?token=eyJwIjoiY2xpY2siLCJsIjoieCIsInRvIjoiaHR0cHM6Ly9ldmlsLmV4YW1wbGUifQ.forged`,
      { redirect: 'manual' },
    );
    expect(forged.headers.get('location')).toBe(`${PUBLIC_URL}/`);

    const logs = await fetch(
      `${service.url}/api/v1/notifications-email/admin/email-logs?userId=${ana.id}&latest=5`,
      { headers: { authorization: `Bearer ${adminToken}` } },
    );
    const body = (await logs.json()) as any;
    const log = body.logs.find((l: { emailType: string }) => l.emailType === 'message');
    expect(log).toMatchObject({ status: 'sent', userId: ana.id });
    expect(log.openedAt).not.toBeNull();
    expect(log.clickedAt).not.toBeNull();
    expect(body.stats.opened).toBeGreaterThanOrEqual(1);
    const memberToken = await tokens.token({ sub: ana.id });
    expect(
      (
        await fetch(`${service.url}/api/v1/notifications-email/admin/email-logs`, {
          headers: { authorization: `Bearer ${memberToken}` },
        })
      ).status,
    ).toBe(403);
  });

  it('the connection-request batch processor answers success, message, emailsSent, emailsFailed, totalProcessed', async () => {
    const [ana, ben, cy] = [
      await member('Ana'),
      await member('Ben'),
      await member('Cy', { unsubscribedAll: true }),
    ];
    const toAna = randomUUID();
    const toCy = randomUUID();
    const at = new Date(clock).toISOString();
    await publish(ConnectionRequested, {
      requestId: toAna,
      senderId: ben.id,
      receiverId: ana.id,
      senderName: 'Ben <b>',
      senderImageUrl: null,
      requestedAt: at,
    });
    await publish(ConnectionRequested, {
      requestId: toCy,
      senderId: ben.id,
      receiverId: cy.id,
      senderName: 'Ben',
      senderImageUrl: null,
      requestedAt: at,
    });
    await eventually(async () => {
      const rows = await service.context.db
        .selectFrom('connection_requests')
        .select('request_id')
        .where('request_id', 'in', [toAna, toCy])
        .execute();
      return rows.length === 2 ? true : null;
    });
    const before = (await publishedEvents(service, 'notifications-email.connection-request-email.sent.v1'))
      .length;
    const result = await post('/admin/batch/connection-requests', {});
    expect(result.body).toMatchObject({ success: true, emailsSent: 1, emailsFailed: 0 });
    expect(result.body.totalProcessed).toBeGreaterThanOrEqual(2);
    expect(typeof result.body.message).toBe('string');
    const [mail] = mailsTo(ana.email);
    expect(mail!.mail.subject).toBe('Ben <b> would like to connect with you');
    expect(mail!.mail.html).toContain('Ben &lt;b&gt; sent you a connection request');
    expect(rawHeader(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mailsTo(cy.email)).toHaveLength(0);
    const sent = await publishedEvents(service, 'notifications-email.connection-request-email.sent.v1');
    expect(sent.slice(before).map((e) => e.payload.requestId)).toEqual([toAna]);
    expect((await post('/admin/batch/connection-requests', { limit: 50 })).body).toMatchObject({
      success: true,
      emailsSent: 0,
      totalProcessed: 0,
    });
    expect((await post('/admin/batch/connection-requests', {}, ana.token)).status).toBe(403);
  });

  it("answers 'Batch processing failed' when its database connection drops mid-run, and marks sent only what was sent and recorded", async () => {
    const [sender, ana, ben, cy] = [
      await member('Sol'),
      await member('Ana'),
      await member('Ben'),
      await member('Cy'),
    ];
    // A second replica of the service runs the batch; its connection to the database goes while Ben's e-mail is
    // with the SMTP server (after Ana's was sent and recorded, before Cy's). It listens on a bus of its own, so that
    // it shares only the database with the service under test (and takes none of its deliveries).
    const replicaBus = await EmbeddedBus.open(
      infra.databases.forSchema(`mer_bus_replica_${infra.namespace}`),
      infra.logger,
    );
    const replica = await startEmailService(infra, {
      bus: replicaBus,
      verifier: tokens.verifier,
      env: {
        SMTP_URL: `smtp://mer:${encodeURIComponent('s3cret:pass')}@127.0.0.1:${smtpPort}`,
        CONNECTION_REQUEST_EMAIL_INTERVAL_MS: '0',
        DIGEST_CHECK_INTERVAL_MS: '0',
        EMAIL_POLL_INTERVAL_MS: '600000',
      },
    });
    replica.deps.clock.now = () => new Date(clock);
    const requests = [ana, ben, cy].map((receiver, i) => ({
      requestId: randomUUID(),
      senderId: sender.id,
      receiverId: receiver.id,
      senderName: 'Sol',
      senderImageUrl: null,
      // Oldest first: Ana's, then Ben's, then Cy's.
      requestedAt: new Date(clock - (3 - i) * MINUTE).toISOString(),
    }));
    for (const request of requests) await publish(ConnectionRequested, request);
    const ids: string[] = requests.map((r) => r.requestId);
    const emailSent = async () =>
      Object.fromEntries(
        (
          await service.context.db
            .selectFrom('connection_requests')
            .select(['request_id', 'email_sent'])
            .where('request_id', 'in', ids)
            .execute()
        ).map((r) => [r.request_id, r.email_sent]),
      );
    await eventually(async () => (Object.keys(await emailSent()).length === 3 ? true : null));
    const sentEvents = async () =>
      (await publishedEvents(service, 'notifications-email.connection-request-email.sent.v1'))
        .map((e) => e.payload.requestId as string)
        .filter((id) => ids.includes(id));

    receiver.whileAccepting = async (rcptTo) => {
      if (rcptTo.includes(ben.email)) await replica.context.database.close();
    };
    let result: Awaited<ReturnType<typeof processConnectionRequestEmails>>;
    try {
      result = await processConnectionRequestEmails(replica.deps, { limit: 50 });
    } finally {
      receiver.whileAccepting = null;
      await replica.stop();
      await replicaBus.close();
    }
    expect(result).toEqual({
      success: false,
      message: 'Batch processing failed',
      emailsSent: 1,
      emailsFailed: 0,
      totalProcessed: 1,
    });
    // Ana's e-mail went and was recorded; Ben's went but its mark could not be written; Cy's never went.
    expect(await emailSent()).toEqual({ [ids[0]!]: true, [ids[1]!]: false, [ids[2]!]: false });
    expect(await sentEvents()).toEqual([ids[0]]);
    expect([ana, ben, cy].map((m) => mailsTo(m.email).length)).toEqual([1, 1, 0]);

    // When the run's lease ends, the next run sends what was not recorded. Ben's e-mail goes a second time: the SMTP
    // server had accepted it, but nothing said so (at-least-once, as SMTP itself).
    clock += 6 * MINUTE;
    expect((await post('/admin/batch/connection-requests', {})).body).toMatchObject({
      success: true,
      emailsSent: 2,
      emailsFailed: 0,
    });
    expect(await emailSent()).toEqual({ [ids[0]!]: true, [ids[1]!]: true, [ids[2]!]: true });
    expect(await sentEvents()).toEqual(ids);
    expect([ana, ben, cy].map((m) => mailsTo(m.email).length)).toEqual([1, 2, 1]);
  });

  it('sends digests with the stats at the local digest hour, and none to a member with nothing new', async () => {
    const [ana, quiet, ben] = [
      await member('Ana', { digest: 'daily', timeZone: 'America/Sao_Paulo' }),
      await member('Quiet', { digest: 'daily', timeZone: 'America/Sao_Paulo' }),
      await member('Ben'),
    ];
    await message(ana.id, ben.id, 'one');
    await comment(ana.id, ben.id);
    await eventually(async () => (mailsTo(ana.email).length === 1 ? true : null));
    // 08:00 in São Paulo (UTC-3) is 11:00 UTC: the next 11:00 UTC from now, so the notifications just made are
    // inside the digest's last 24 hours.
    const real = new Date();
    let eleven = Date.UTC(real.getUTCFullYear(), real.getUTCMonth(), real.getUTCDate(), 11);
    if (eleven <= real.getTime()) eleven += 24 * HOUR;
    clock = eleven - HOUR;
    expect(await sendDueDigests(service.deps)).toBe(0);
    clock += HOUR;
    // Earlier tests' members chose weekly; whatever Monday this is, Ana's daily digest is the one for her.
    await sendDueDigests(service.deps);
    const digest = await eventually(
      async () => mailsTo(ana.email).find((m) => m.mail.subject === 'Your MER day') ?? null,
    );
    expect(digest.mail.text).toContain('1 new message');
    expect(digest.mail.text).toContain('Ben commented on your post');
    expect(digest.mail.text).toContain('You might enjoy:');
    expect(mailsTo(quiet.email)).toHaveLength(0);
    expect(await sendDueDigests(service.deps)).toBe(0); // already had it today
    expect((await post('/admin/digests', { digestType: 'weekly', userId: quiet.id })).body).toEqual({
      queued: 0,
    });
    expect((await post('/admin/digests', { digestType: 'weekly', userId: ana.id })).body).toEqual({
      queued: 1,
    });
    await eventually(async () =>
      mailsTo(ana.email).some((m) => m.mail.subject === 'Your week on MER') ? true : null,
    );
  });

  it("the /email-test tester sends a sample, to an address or another member, in the spec's words otherwise", async () => {
    const ana = await member('Ana');
    expect((await post('/email-test', { type: 'message' })).body.error.message).toBe('Email required');
    expect((await post('/email-test', { type: 'postcard', email: 'x@example.com' })).body.error.message).toBe(
      'Unknown email type',
    );
    expect(
      (await post('/email-test', { type: 'message', targetUserId: randomUUID() })).body.error.message,
    ).toBe('Target user email not found');
    const sent = await post('/email-test', { type: 'connection_accepted', targetUserId: ana.id });
    expect(sent.body).toMatchObject({ success: true, to: ana.email });
    await eventually(async () =>
      mailsTo(ana.email).some((m) => m.mail.subject === '[Test] Connection accepted') ? true : null,
    );
    const anonymous = await fetch(`${service.url}/api/v1/notifications-email/email-test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"type":"message"}',
    });
    expect(((await anonymous.json()) as any).error.message).toBe('User not authenticated');
  });
});
