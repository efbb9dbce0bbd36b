import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Subscription } from '@mer/service-runtime';
import {
  createTestInfra,
  createTokenIssuer,
  deliveringTwice,
  eventEnvelope,
  eventually,
  type TestInfra,
  type TestTokenIssuer,
} from '@mer/service-runtime/testing';
import {
  AdminModerationDecided,
  MembershipActivated,
  MembershipExpired,
  UserRegistered,
  type EventEnvelope,
  type MessagingConversation,
  type MessagingMessagePage,
} from '@mer/contracts';
import { messagingService } from '../src/index.ts';

// Reports of messages (issue 20). messaging started exactly as in production, on real PostgreSQL, NATS and Redis when they run here (else PGlite
// and the embedded bus), in a schema and bus namespace of its own, with a bus that hands every event to its
// consumers twice: each consumer must apply it once.
let infra: TestInfra;
let tokens: TestTokenIssuer;
let service: Awaited<ReturnType<typeof startMessaging>>;
let observer: Subscription;
const published: EventEnvelope[] = [];

function startMessaging() {
  return startService(messagingService, {
    ...infra,
    bus: deliveringTwice(infra.bus),
    schema: infra.schemaFor('messaging'),
    verifier: tokens.verifier,
    env: {},
  });
}

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTokenIssuer();
  service = await startMessaging();
  observer = await infra.bus.subscribe({
    durable: 'test-observer',
    subject: 'messaging.>',
    handler: async (event) => {
      published.push(event);
    },
  });
}, 60_000);

afterAll(async () => {
  await observer?.stop();
  await service?.stop();
  await infra?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function call(method: Method, path: string, opts: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
}

interface Member {
  id: string;
  token: string;
  name: string;
}

const db = () => service.context.db;

/** billing's announcement of a member's membership (active for 30 days unless told otherwise). */
function membershipEvent(
  userId: string,
  membershipId: string,
  o: { status?: 'active' | 'expired'; expiresAt?: Date } = {},
) {
  return eventEnvelope(o.status === 'expired' ? MembershipExpired : MembershipActivated, {
    userId,
    membershipId,
    planId: '7f1c3a52-8f0e-4a4b-9d6e-2b1f0c9a7e11',
    planName: 'Basic',
    status: o.status ?? 'active',
    expiresAt: (o.expiresAt ?? new Date(Date.now() + 30 * 86_400_000)).toISOString(),
    innerCircle: false,
    cancelAtPeriodEnd: false,
  });
}

async function membershipRecorded(userId: string, status: 'active' | 'expired'): Promise<void> {
  await eventually(() =>
    db()
      .selectFrom('member_memberships')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('status', '=', status)
      .executeTakeFirst(),
  );
}

/**
 * A member messaging knows of (identity's sign-up event, then the profile's name and photo), with an active
 * membership from billing unless `paid` is false.
 */
async function member(
  name = `Member ${randomUUID().slice(0, 6)}`,
  o: { paid?: boolean } = {},
): Promise<Member> {
  const id = randomUUID();
  if (o.paid !== false) await infra.bus.publish(membershipEvent(id, randomUUID()));
  await infra.bus.publish(
    eventEnvelope(UserRegistered, {
      userId: id,
      email: `m-${id.slice(0, 8)}@example.com`,
      name,
      username: `m_${id.slice(0, 8)}`,
      discountPercent: null,
      emailConfirmationUrl: 'http://mer.test/confirm-email?token=x',
      registeredAt: new Date().toISOString(),
    }),
  );
  await eventually(() =>
    db().selectFrom('members').select('user_id').where('user_id', '=', id).executeTakeFirst(),
  );
  if (o.paid !== false) await membershipRecorded(id, 'active');
  return { id, token: await tokens.token({ sub: id }), name };
}

async function start(a: Member, b: Member): Promise<MessagingConversation> {
  const r = await call('POST', '/api/v1/messaging/conversations', {
    token: a.token,
    body: { memberId: b.id },
  });
  expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
  return r.body as MessagingConversation;
}

async function send(from: Member, conversationId: string, body: string, clientMessageId?: string) {
  return call('POST', `/api/v1/messaging/conversations/${conversationId}/messages`, {
    token: from.token,
    body: { body, ...(clientMessageId ? { clientMessageId } : {}) },
  });
}

async function page(m: Member, conversationId: string, query: string): Promise<MessagingMessagePage> {
  const r = await call('GET', `/api/v1/messaging/conversations/${conversationId}/messages?${query}`, {
    token: m.token,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as MessagingMessagePage;
}

function eventsOf(subject: string, match: (payload: any) => boolean) {
  return published.filter((e) => e.subject === subject && match(e.payload));
}

describe('reporting a message', () => {
  async function decide(messageId: string, authorId: string, action: 'hide' | 'delete' | 'dismiss') {
    await infra.bus.publish(
      eventEnvelope(AdminModerationDecided, {
        decisionId: randomUUID(),
        itemId: randomUUID(),
        service: 'messaging',
        targetType: 'message',
        targetId: messageId,
        authorId,
        action,
        note: null,
        decidedBy: randomUUID(),
        decidedAt: new Date().toISOString(),
        reporterIds: [],
        reporterMessage: 'Thank you for your report.',
        authorMessage: null,
      }),
    );
  }

  it('publishes the reported message alone as context, once per member; others are refused', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const conversation = await start(a, b);
    await send(a, conversation.id, 'Hello there');
    const bad = await send(a, conversation.id, 'Send me your <b>bank</b> details');
    expect(bad.status).toBe(201);
    const path = `/api/v1/messaging/messages/${bad.body.id}/report`;

    const first = await call('POST', path, { token: b.token, body: { reason: 'Scam' } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.alreadyReported).toBe(false);
    const again = await call('POST', path, { token: b.token, body: { reason: 'Scam again' } });
    expect(again.body).toEqual({ reportId: first.body.reportId, alreadyReported: true });
    await eventually(() =>
      eventsOf('messaging.content.reported.v1', (p) => p.targetId === bad.body.id).length ? true : undefined,
    );
    const reports = eventsOf('messaging.content.reported.v1', (p) => p.targetId === bad.body.id);
    expect(new Set(reports.map((e) => e.id)).size).toBe(1);
    expect(reports[0]!.payload).toEqual({
      reportId: first.body.reportId,
      targetType: 'message',
      targetId: bad.body.id,
      authorId: a.id,
      reporterId: b.id,
      reason: 'Scam',
      reportCount: 1,
      context: 'Send me your bank details',
    });

    expect((await call('POST', path, { token: c.token, body: { reason: 'Scam' } })).status).toBe(403);
    expect((await call('POST', path, { body: { reason: 'Scam' } })).status).toBe(401);
    const own = await call('POST', path, { token: a.token, body: { reason: 'Oops' } });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe('You cannot report your own message.');
    const unknown = `/api/v1/messaging/messages/${randomUUID()}/report`;
    expect((await call('POST', unknown, { token: b.token, body: { reason: 'x' } })).status).toBe(404);
    for (const body of [
      {},
      { reason: { text: 1 } },
      { reason: 'x'.repeat(501) },
      { reason: 'x', extra: true },
      { reason: '<script>alert(1)</script>' },
      { reason: '   ' },
    ]) {
      const res = await call('POST', path, { token: b.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        await call('POST', '/api/v1/messaging/messages/not-an-id/report', {
          token: b.token,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(400);
  });

  it("removes the message for both members on a moderator's decision, live, once however often delivered", async () => {
    const [a, b] = [await member(), await member()];
    const conversation = await start(a, b);
    const bad = await send(a, conversation.id, 'Buy followers cheap');
    await send(b, conversation.id, 'No thanks');
    expect(
      (
        await call('POST', `/api/v1/messaging/messages/${bad.body.id}/report`, {
          token: b.token,
          body: { reason: 'Spam' },
        })
      ).status,
    ).toBe(201);

    await decide(bad.body.id, a.id, 'dismiss');
    await decide(bad.body.id, a.id, 'hide');
    await eventually(() =>
      eventsOf('messaging.message.deleted.v1', (p) => p.messageId === bad.body.id).length ? true : undefined,
    );
    const deleted = eventsOf('messaging.message.deleted.v1', (p) => p.messageId === bad.body.id);
    expect(new Set(deleted.map((e) => e.id)).size).toBe(1);
    expect(new Set((deleted[0]!.payload as { memberIds: string[] }).memberIds)).toEqual(
      new Set([a.id, b.id]),
    );
    for (const m of [a, b]) {
      const messages = (await page(m, conversation.id, 'limit=50')).messages;
      const shown = messages.find((x) => x.id === bad.body.id)!;
      expect(shown.body ?? null).toBeNull();
      expect(shown.deletedAt).not.toBeNull();
      expect(messages.find((x) => x.body === 'No thanks')).toBeDefined();
    }
    // A later delete of the removed message changes nothing.
    await decide(bad.body.id, a.id, 'delete');
    await new Promise((r) => setTimeout(r, 300));
    expect(eventsOf('messaging.message.deleted.v1', (p) => p.messageId === bad.body.id)).toHaveLength(
      deleted.length,
    );
  });
});
