import { randomUUID } from 'node:crypto';
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
import { MembershipActivated, ProfileCompleted, type EventEnvelope } from '@mer/contracts';
import { eventsCirclesService } from '../src/index.ts';

/**
 * events-circles started as in production on real PostgreSQL and NATS (else the embedded engines), in its own
 * schema and bus namespace. Every event is delivered twice (as JetStream does when an ack is lost), so each
 * consumer is proven idempotent by every test that relies on it. The clock is the test's: `setNow` moves it.
 */
export interface Harness {
  infra: TestInfra;
  tokens: TestTokenIssuer;
  service: Awaited<ReturnType<typeof start>>;
  published: EventEnvelope[];
  setNow(at: Date | undefined): void;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export const REVIEWER_PERMS = ['communities_update'];

function start(infra: TestInfra, tokens: TestTokenIssuer, env: Record<string, string>) {
  return startService(eventsCirclesService, {
    ...infra,
    bus: deliveringTwice(infra.bus),
    schema: infra.schemaFor('events-circles'),
    verifier: tokens.verifier,
    env: {
      PHOTO_STORAGE_DIR: '/tmp/events-circles-test-photos',
      REMINDER_POLL_MS: '150',
      RECOMMENDATION_TRAIN_MS: '0',
      PUBLIC_URL: 'http://mer.test',
      ...env,
    },
  });
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const infra = await createTestInfra();
  const tokens = await createTokenIssuer();
  let now: Date | undefined;
  let service = await start(infra, tokens, env);
  const useClock = () => {
    service.deps.clock.now = () => now ?? new Date();
  };
  useClock();
  const published: EventEnvelope[] = [];
  const observer: Subscription = await infra.bus.subscribe({
    durable: 'test-observer',
    subject: 'events-circles.>',
    handler: async (event) => void published.push(event),
  });
  const h: Harness = {
    infra,
    tokens,
    service,
    published,
    setNow(at) {
      now = at;
    },
    async restart() {
      await service.stop();
      service = await start(infra, tokens, env);
      h.service = service;
      useClock();
    },
    async close() {
      await observer.stop();
      await service.stop();
      await infra.close();
    },
  };
  return h;
}

export interface TestMember {
  id: string;
  token: string;
}

/** A member as profile-onboarding and billing announce them (through the bus): onboarded and paid unless told. */
export async function member(
  h: Harness,
  opts: { paid?: boolean; onboarded?: boolean; perms?: string[]; city?: { lat: number; lon: number } } = {},
): Promise<TestMember> {
  const id = randomUUID();
  if (opts.onboarded !== false) {
    await h.infra.bus.publish(
      eventEnvelope(ProfileCompleted, {
        userId: id,
        name: `Member ${id.slice(0, 4)}`,
        username: `m_${id.slice(0, 8)}`,
        imageUrl: null,
        cityId: opts.city ? '2267057' : null,
        location: opts.city ? 'Lisbon, Portugal' : null,
        languages: [],
        interests: ['breathwork'],
        discovery: {
          latitude: opts.city?.lat ?? null,
          longitude: opts.city?.lon ?? null,
          locationSharing: true,
          showInDiscovery: true,
          badges: [],
          cosmic: null,
        },
        completedAt: new Date().toISOString(),
      }),
    );
  }
  if (opts.paid !== false) {
    await h.infra.bus.publish(
      eventEnvelope(MembershipActivated, {
        userId: id,
        membershipId: randomUUID(),
        planId: randomUUID(),
        planName: 'Monthly Membership',
        status: 'active',
        expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString(),
        cancelAtPeriodEnd: false,
        innerCircle: false,
      }),
    );
  }
  const db = h.service.context.db;
  await eventually(async () => {
    const m = await db.selectFrom('members').select('user_id').where('user_id', '=', id).executeTakeFirst();
    const p = await db
      .selectFrom('memberships')
      .select('user_id')
      .where('user_id', '=', id)
      .executeTakeFirst();
    return (opts.onboarded === false || m) && (opts.paid === false || p) ? true : undefined;
  });
  return { id, token: await h.tokens.token({ sub: id, ...(opts.perms ? { perms: opts.perms } : {}) }) };
}

/** Many paid, onboarded members at once, written straight into the copies (the consumers are tested elsewhere). */
export async function manyMembers(h: Harness, n: number): Promise<TestMember[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  const db = h.service.context.db;
  await db
    .insertInto('members')
    .values(
      ids.map((id) => ({
        user_id: id,
        name: `Member ${id.slice(0, 4)}`,
        username: `m_${id.slice(0, 8)}`,
        image_url: null,
        city_id: null,
        latitude: null,
        longitude: null,
        onboarded: true,
        occurred_at: new Date(),
      })),
    )
    .execute();
  await db
    .insertInto('memberships')
    .values(
      ids.map((id) => ({
        membership_id: randomUUID(),
        user_id: id,
        status: 'active',
        expires_at: null,
        occurred_at: new Date(),
      })),
    )
    .execute();
  return Promise.all(ids.map(async (id) => ({ id, token: await h.tokens.token({ sub: id }) })));
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function call(
  h: Harness,
  method: Method,
  path: string,
  opts: { who?: TestMember; body?: unknown; raw?: Buffer; type?: string } = {},
): Promise<{ status: number; body: any; text: string }> {
  const headers: Record<string, string> = {};
  if (opts.who) headers.authorization = `Bearer ${opts.who.token}`;
  let body: BodyInit | undefined;
  if (opts.raw) {
    headers['content-type'] = opts.type ?? 'image/png';
    body = new Uint8Array(opts.raw);
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${h.service.url}/api/v1/events-circles${path}`, {
    method,
    headers,
    ...(body ? { body } : {}),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a calendar)
  }
  return { status: res.status, body: parsed, text };
}

export const LISBON = {
  id: '2267057',
  label: 'Lisbon, Portugal',
  latitude: 38.71667,
  longitude: -9.13333,
  timeZone: 'Europe/Lisbon',
};

/** A local date-time `days` from now in the form the API takes (YYYY-MM-DDTHH:mm), at `time`. */
export function localDay(days: number, time: string): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${time}`;
}

export function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Full moon meditation',
    description: '<p>Sit with us under the <b>full moon</b>.</p>',
    category: 'practice',
    type: 'in_person',
    city: LISBON,
    address: 'Rua da Paz 1',
    localStart: localDay(10, '19:00'),
    localEnd: localDay(10, '21:00'),
    capacity: 50,
    ...overrides,
  };
}

/** Creates an event as `host` and has `reviewer` approve it; returns its id. */
export async function approvedEvent(
  h: Harness,
  host: TestMember,
  reviewer: TestMember,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const created = await call(h, 'POST', '/events', { who: host, body: eventBody(overrides) });
  if (created.status !== 201) throw new Error(`create event: ${created.status} ${created.text}`);
  const approved = await call(h, 'PUT', `/review/events/${created.body.id}`, {
    who: reviewer,
    body: { decision: 'approved' },
  });
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.text}`);
  return created.body.id as string;
}

export { eventually, eventEnvelope };
