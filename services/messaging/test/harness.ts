import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
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
  MembershipActivated,
  MembershipExpired,
  UserRegistered,
  type EventEnvelope,
  type MessagingConversation,
  type MessagingMessagePage,
} from '@mer/contracts';
import { messagingService } from '../src/index.ts';

/*
 * What messaging's service tests share: messaging started exactly as in production, on real PostgreSQL, NATS and
 * Redis when they run here (else PGlite and the embedded bus), in a schema and bus namespace of its own, with a bus
 * that hands every event to its consumers twice (each consumer must apply it once); members, conversations and calls.
 */

/** The running service and what the tests see of it; filled before the first test of the file. */
export const h = {
  infra: undefined as unknown as TestInfra,
  tokens: undefined as unknown as TestTokenIssuer,
  service: undefined as unknown as Awaited<ReturnType<typeof startMessaging>>,
  /** Every messaging.> event published, in order. */
  published: [] as EventEnvelope[],
};
let observer: Subscription | undefined;

function startMessaging(infra: TestInfra, tokens: TestTokenIssuer) {
  return startService(messagingService, {
    ...infra,
    bus: deliveringTwice(infra.bus),
    schema: infra.schemaFor('messaging'),
    verifier: tokens.verifier,
    env: {},
  });
}

/** Starts messaging for the calling test file (beforeAll) and stops it after (afterAll). */
export function useMessagingService(): void {
  beforeAll(async () => {
    h.infra = await createTestInfra();
    h.tokens = await createTokenIssuer();
    h.service = await startMessaging(h.infra, h.tokens);
    observer = await h.infra.bus.subscribe({
      durable: 'test-observer',
      subject: 'messaging.>',
      handler: async (event) => {
        h.published.push(event);
      },
    });
  }, 60_000);

  afterAll(async () => {
    await observer?.stop();
    await h.service?.stop();
    await h.infra?.close();
  });
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export async function call(method: Method, path: string, opts: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${h.service.url}${path}`, {
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

export interface Member {
  id: string;
  token: string;
  name: string;
}

export const db = () => h.service.context.db;

/** billing's announcement of a member's membership (active for 30 days unless told otherwise). */
export function membershipEvent(
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

export async function membershipRecorded(userId: string, status: 'active' | 'expired'): Promise<void> {
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
export async function member(
  name = `Member ${randomUUID().slice(0, 6)}`,
  o: { paid?: boolean } = {},
): Promise<Member> {
  const id = randomUUID();
  if (o.paid !== false) await h.infra.bus.publish(membershipEvent(id, randomUUID()));
  await h.infra.bus.publish(
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
  return { id, token: await h.tokens.token({ sub: id }), name };
}

export async function start(a: Member, b: Member): Promise<MessagingConversation> {
  const r = await call('POST', '/api/v1/messaging/conversations', {
    token: a.token,
    body: { memberId: b.id },
  });
  expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
  return r.body as MessagingConversation;
}

export async function send(from: Member, conversationId: string, body: string, clientMessageId?: string) {
  return call('POST', `/api/v1/messaging/conversations/${conversationId}/messages`, {
    token: from.token,
    body: { body, ...(clientMessageId ? { clientMessageId } : {}) },
  });
}

export async function page(m: Member, conversationId: string, query: string): Promise<MessagingMessagePage> {
  const r = await call('GET', `/api/v1/messaging/conversations/${conversationId}/messages?${query}`, {
    token: m.token,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as MessagingMessagePage;
}

export function eventsOf(subject: string, match: (payload: any) => boolean) {
  return h.published.filter((e) => e.subject === subject && match(e.payload));
}
