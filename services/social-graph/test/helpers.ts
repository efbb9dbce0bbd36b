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
import { MembershipActivated, ProfileCompleted, UserRegistered, type EventEnvelope } from '@mer/contracts';
import { socialGraphService } from '../src/index.ts';

/**
 * social-graph started exactly as in production on real PostgreSQL and NATS (embedded engines otherwise), with a
 * bus that hands every event to its consumers twice: each consumer must apply it once.
 */
export interface Harness {
  infra: TestInfra;
  tokens: TestTokenIssuer;
  service: Awaited<ReturnType<typeof startSocialGraph>>;
  published: EventEnvelope[];
  stop(): Promise<void>;
}

function startSocialGraph(infra: TestInfra, tokens: TestTokenIssuer) {
  return startService(socialGraphService, {
    ...infra,
    bus: deliveringTwice(infra.bus),
    schema: infra.schemaFor('social-graph'),
    verifier: tokens.verifier,
    env: {},
  });
}

export async function startHarness(): Promise<Harness> {
  const infra = await createTestInfra();
  const tokens = await createTokenIssuer();
  const service = await startSocialGraph(infra, tokens);
  const published: EventEnvelope[] = [];
  const observer: Subscription = await infra.bus.subscribe({
    durable: 'test-observer',
    subject: 'social-graph.>',
    handler: async (event) => {
      published.push(event);
    },
  });
  return {
    infra,
    tokens,
    service,
    published,
    async stop() {
      await observer.stop();
      await service.stop();
      await infra.close();
    },
  };
}

export interface TestMember {
  id: string;
  token: string;
  name: string;
}

export interface MemberOptions {
  name?: string;
  username?: string;
  practices?: string[];
  languages?: string[];
  city?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  locationSharing?: boolean;
  showInDiscovery?: boolean;
  cosmic?: {
    sunSign: string;
    moonSign: string | null;
    risingSign: string | null;
    humanDesignType: string | null;
    humanDesignGates: number[] | null;
  } | null;
  /** false: registered only, never onboarded. */
  onboarded?: boolean;
  /** false: no membership (billing never announced one). */
  membership?: boolean;
}

let counter = 0;

/** A member as identity and profile-onboarding announce them; resolves once the read model has them. */
export async function member(h: Harness, o: MemberOptions = {}): Promise<TestMember> {
  const id = randomUUID();
  counter += 1;
  const name = o.name ?? `Member ${counter}`;
  const username = o.username ?? `member_${id.slice(0, 8)}`;
  await h.infra.bus.publish(
    eventEnvelope(UserRegistered, {
      userId: id,
      email: `${username}@example.com`,
      name,
      username,
      discountPercent: null,
      emailConfirmationUrl: 'http://mer.test/confirm-email?token=x',
      registeredAt: new Date().toISOString(),
    }),
  );
  if (o.onboarded !== false) await h.infra.bus.publish(profileEvent(id, name, username, o));
  if (o.membership !== false) {
    await h.infra.bus.publish(
      eventEnvelope(MembershipActivated, {
        userId: id,
        membershipId: randomUUID(),
        planId: randomUUID(),
        planName: 'Basic',
        status: 'active',
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        innerCircle: false,
        cancelAtPeriodEnd: false,
      }),
    );
  }
  const db = h.service.context.db;
  await eventually(async () => {
    const row = await db
      .selectFrom('members')
      .select('onboarded')
      .where('user_id', '=', id)
      .executeTakeFirst();
    if (!row || row.onboarded !== (o.onboarded !== false)) return undefined;
    if (o.membership === false) return true;
    const membership = await db
      .selectFrom('member_memberships')
      .select('user_id')
      .where('user_id', '=', id)
      .executeTakeFirst();
    return membership ? true : undefined;
  });
  return { id, token: await h.tokens.token({ sub: id }), name };
}

export function profileEvent(id: string, name: string, username: string, o: MemberOptions, at = new Date()) {
  return eventEnvelope(
    ProfileCompleted,
    {
      userId: id,
      name,
      username,
      imageUrl: null,
      cityId: o.city === null ? null : '2267057',
      location: o.city === undefined ? 'Lisbon, Portugal' : o.city,
      languages: o.languages ?? ['en'],
      interests: o.practices ?? ['Yoga'],
      completedAt: at.toISOString(),
      discovery: {
        latitude: o.latitude === undefined ? 38.7167 : o.latitude,
        longitude: o.longitude === undefined ? -9.1333 : o.longitude,
        locationSharing: o.locationSharing ?? true,
        showInDiscovery: o.showInDiscovery ?? true,
        badges: [{ type: 'member', label: 'Member', priority: 1 }],
        cosmic: o.cosmic ?? null,
      },
    },
    { occurredAt: at.toISOString() },
  );
}

export async function call(
  h: Harness,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Response> {
  return fetch(`${h.service.url}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
}

export async function json<T>(response: Promise<Response> | Response, status?: number): Promise<T> {
  const r = await response;
  const text = await r.text();
  if (status !== undefined && r.status !== status) {
    throw new Error(`expected ${status}, got ${r.status}: ${text}`);
  }
  return (text ? JSON.parse(text) : null) as T;
}

export const API = '/api/v1/social-graph';
