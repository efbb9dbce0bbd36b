import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  ProfileCompleted,
  type EventEnvelope,
} from '@mer/contracts';
import { communityFeedService } from '../src/index.ts';

/**
 * community-feed started as in production on real PostgreSQL and NATS (else the embedded engines), in its own
 * schema and bus namespace. Every event is delivered twice (as JetStream does when an ack is lost), so each
 * consumer is proven idempotent by every test that relies on it.
 */
export interface FeedHarness {
  infra: TestInfra;
  tokens: TestTokenIssuer;
  service: Awaited<ReturnType<typeof start>>;
  published: EventEnvelope[];
  /** The service's photo storage: a folder of this harness's own, removed on close. */
  photoDir: string;
  close(): Promise<void>;
}

function start(infra: TestInfra, tokens: TestTokenIssuer, photoDir: string) {
  return startService(communityFeedService, {
    ...infra,
    bus: deliveringTwice(infra.bus),
    schema: infra.schemaFor('community-feed'),
    verifier: tokens.verifier,
    env: { PHOTO_STORAGE_DIR: photoDir },
  });
}

export async function startFeed(): Promise<FeedHarness> {
  const photoDir = await mkdtemp(path.join(tmpdir(), 'feed-photos-'));
  const infra = await createTestInfra();
  const tokens = await createTokenIssuer();
  const service = await start(infra, tokens, photoDir);
  const published: EventEnvelope[] = [];
  const observer: Subscription = await infra.bus.subscribe({
    durable: 'test-observer',
    subject: 'community-feed.>',
    handler: async (event) => void published.push(event),
  });
  return {
    infra,
    tokens,
    service,
    published,
    photoDir,
    async close() {
      await observer.stop();
      await service.stop();
      await infra.close();
      await rm(photoDir, { recursive: true, force: true });
    },
  };
}

export interface TestMember {
  id: string;
  username: string;
  token: string;
}

/** A member as profile-onboarding and billing announce them: onboarded and paid unless told otherwise. */
export async function member(
  h: FeedHarness,
  opts: { paid?: boolean; onboarded?: boolean; perms?: string[] } = {},
): Promise<TestMember> {
  const id = randomUUID();
  const username = `m_${id.slice(0, 8)}`;
  if (opts.onboarded !== false) {
    await h.infra.bus.publish(
      eventEnvelope(ProfileCompleted, {
        userId: id,
        name: `Member ${id.slice(0, 4)}`,
        username,
        imageUrl: null,
        cityId: null,
        location: null,
        languages: [],
        interests: [],
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
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
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
  return {
    id,
    username,
    token: await h.tokens.token({ sub: id, ...(opts.perms ? { perms: opts.perms } : {}) }),
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function call(
  h: FeedHarness,
  method: Method,
  path: string,
  opts: { who?: TestMember; body?: unknown; raw?: Buffer; type?: string } = {},
): Promise<{ status: number; body: any }> {
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
  const res = await fetch(`${h.service.url}/api/v1/community-feed${path}`, {
    method,
    headers,
    ...(body ? { body } : {}),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a photo)
  }
  return { status: res.status, body: parsed };
}

/** The events of a subject published so far whose payload matches. */
export function eventsOf(
  h: FeedHarness,
  subject: string,
  match: Record<string, unknown> = {},
): EventEnvelope<any>[] {
  const seen = new Set<string>();
  return h.published.filter((e) => {
    if (e.subject !== subject || seen.has(e.id)) return false;
    const p = e.payload as Record<string, unknown>;
    if (!Object.entries(match).every(([k, v]) => p[k] === v)) return false;
    seen.add(e.id);
    return true;
  });
}

/** An admin's decision on one of the feed's items, as the admin service publishes it (no reporters to tell). */
export function moderationDecision(
  action: 'hide' | 'restore' | 'delete' | 'dismiss',
  target: {
    type: 'post' | 'comment' | 'photo' | 'discussion' | 'discussion_reply';
    id: string;
    authorId: string;
  },
) {
  return eventEnvelope(AdminModerationDecided, {
    decisionId: randomUUID(),
    itemId: randomUUID(),
    service: 'community-feed',
    targetType: target.type,
    targetId: target.id,
    authorId: target.authorId,
    action,
    note: null,
    decidedBy: randomUUID(),
    decidedAt: new Date().toISOString(),
    reporterIds: [],
    reporterMessage: 'Thank you for your report.',
    authorMessage: null,
  });
}
