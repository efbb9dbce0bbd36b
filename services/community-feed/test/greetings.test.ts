import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Subscription } from '@mer/service-runtime';
import {
  createTestInfra,
  createTokenIssuer,
  eventEnvelope,
  eventually,
  type TestInfra,
  type TestTokenIssuer,
} from '@mer/service-runtime/testing';
import {
  UserDeleted,
  UserRegistered,
  type ErrorBody,
  type EventEnvelope,
  type CommunityFeedGreeting,
  type CommunityFeedGreetingList,
} from '@mer/contracts';
import { communityFeedService } from '../src/index.ts';

// community-feed started exactly as in production, on real PostgreSQL, NATS and Redis when they run here (else
// PGlite and the embedded bus), in a schema and bus namespace of its own.
let infra: TestInfra;
let tokens: TestTokenIssuer;
let service: Awaited<ReturnType<typeof startCommunityFeed>>;
let observer: Subscription;
const published: EventEnvelope[] = [];

function startCommunityFeed() {
  return startService(communityFeedService, {
    ...infra,
    schema: infra.schemaFor('community-feed'),
    verifier: tokens.verifier,
    env: {},
  });
}

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTokenIssuer();
  service = await startCommunityFeed();
  observer = await infra.bus.subscribe({
    durable: 'test-observer',
    subject: 'community-feed.>',
    handler: async (event) => {
      published.push(event);
    },
  });
});

afterAll(async () => {
  await observer?.stop();
  await service?.stop();
  await infra?.close();
});

async function call(
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Response> {
  return fetch(`${service.url}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
}

const greetingsOf = (memberId: string) =>
  service.context.db.selectFrom('greetings').selectAll().where('member_id', '=', memberId).execute();

function registration(userId: string) {
  return eventEnvelope(UserRegistered, {
    userId,
    email: `member-${userId.slice(0, 8)}@example.com`,
    name: 'Ana Lua',
    username: `ana_${userId.slice(0, 8)}`,
    discountPercent: null,
    emailConfirmationUrl: 'http://mer.test/confirm-email?token=x',
    registeredAt: new Date().toISOString(),
  });
}

/** How many events of a subject were dropped because their member was erased here. */
async function droppedForErasedMembers(subject: string): Promise<number> {
  const { values } = await service.context.metrics.eventsConsumed.get();
  return values.find((v) => v.labels.subject === subject && v.labels.outcome === 'erased-member')?.value ?? 0;
}

describe('POST /api/v1/community-feed/greetings', () => {
  it('records the greeting and publishes community-feed.greeting.recorded.v1', async () => {
    const memberId = randomUUID();
    const token = await tokens.token({ sub: memberId });
    const response = await call('POST', '/api/v1/community-feed/greetings', { token, body: { to: ' Ada ' } });
    expect(response.status).toBe(201);
    const greeting = (await response.json()) as CommunityFeedGreeting;
    expect(greeting).toMatchObject({ to: 'Ada', message: 'Hello, Ada!' });

    const event = await eventually(() =>
      published.find((e) => (e.payload as { greetingId?: string }).greetingId === greeting.id),
    );
    expect(event).toMatchObject({
      subject: 'community-feed.greeting.recorded.v1',
      producer: 'community-feed',
      version: 1,
      payload: { greetingId: greeting.id, memberId },
    });

    const mine = await call('GET', '/api/v1/community-feed/greetings', { token });
    expect(((await mine.json()) as CommunityFeedGreetingList).greetings).toEqual([greeting]);
    const someoneElse = await call('GET', '/api/v1/community-feed/greetings', {
      token: await tokens.token(),
    });
    expect(((await someoneElse.json()) as CommunityFeedGreetingList).greetings).toEqual([]);
  });

  it('answers bad input with the error format, naming the field', async () => {
    const token = await tokens.token();
    for (const body of [{}, { to: '   ' }, { to: 'x'.repeat(61) }, { to: 'Ada', admin: true }]) {
      const response = await call('POST', '/api/v1/community-feed/greetings', { token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = (await response.json()) as ErrorBody;
      expect(error).toMatchObject({ code: 'invalid_data', retryable: false });
      expect(error.details?.fields?.length).toBeGreaterThan(0);
    }
  });

  it('refuses a caller without a valid token', async () => {
    const response = await call('POST', '/api/v1/community-feed/greetings', { body: { to: 'Ada' } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error.code).toBe('authentication_error');
  });

  it('serves health and readiness', async () => {
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
  });
});

describe("identity's events", () => {
  it('welcomes a new member with a greeting, once however often the event is delivered', async () => {
    const memberId = randomUUID();
    const event = registration(memberId);
    await infra.bus.publish(event);
    await infra.bus.publish(event);
    const [welcome] = await eventually(async () => {
      const rows = await greetingsOf(memberId);
      return rows.length ? rows : undefined;
    });
    expect(welcome).toMatchObject({ recipient: 'Ana Lua', message: 'Hello, Ana Lua!' });
    await eventually(() => published.find((e) => (e.payload as { memberId?: string }).memberId === memberId));
    expect(await greetingsOf(memberId)).toHaveLength(1);
  });

  it("erases a deleted member's data, and neither a late event nor their token brings it back", async () => {
    const memberId = randomUUID();
    const token = await tokens.token({ sub: memberId });
    await infra.bus.publish(registration(memberId));
    await eventually(async () => (await greetingsOf(memberId)).length > 0);
    expect(
      (await call('POST', '/api/v1/community-feed/greetings', { token, body: { to: 'Ada' } })).status,
    ).toBe(201);

    await infra.bus.publish(eventEnvelope(UserDeleted, { userId: memberId }));
    await eventually(async () => (await greetingsOf(memberId)).length === 0);

    // identity's events of different subjects are not ordered: the sign-up may arrive after the deletion.
    const dropped = await droppedForErasedMembers(UserRegistered.subject);
    await infra.bus.publish(registration(memberId));
    await eventually(async () => (await droppedForErasedMembers(UserRegistered.subject)) > dropped);
    // The access token outlives the account by minutes: a write with it must not revive the member either.
    const late = await call('POST', '/api/v1/community-feed/greetings', { token, body: { to: 'Ada' } });
    expect(late.status).toBe(401);
    expect(await greetingsOf(memberId)).toEqual([]);
  });
});
