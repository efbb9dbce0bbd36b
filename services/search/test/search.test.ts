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
  CircleApproved,
  CircleCreated,
  CircleRejected,
  EventApproved,
  CircleDeleted,
  EventCancelled,
  FeedPostCreated,
  FeedPostDeleted,
  FeedReactionAdded,
  FeedPostUpdated,
  MemberBlocked,
  MemberUnblocked,
  ProfileCompleted,
  ProfileUpdated,
  SearchTexts,
  UserDeleted,
  type ErrorBody,
  type EventEnvelope,
  type SavedSearch,
  type SearchHistoryEntry,
  type SearchResults,
} from '@mer/contracts';
import { searchService } from '../src/index.ts';

// search started as in production on real PostgreSQL and NATS (else the embedded engines), in its own schema and
// bus namespace. Every event is delivered twice (as JetStream does when an ack is lost): each consumer is proven
// idempotent by every test that relies on it.
const OPERATOR_KEY = 'operator-key-for-search-tests-0123456789';
let infra: TestInfra;
let tokens: TestTokenIssuer;
let service: Awaited<ReturnType<typeof startSearch>>;
let observer: Subscription;
const published: EventEnvelope[] = [];

function startSearch() {
  return startService(searchService, {
    ...infra,
    bus: deliveringTwice(infra.bus),
    schema: infra.schemaFor('search'),
    verifier: tokens.verifier,
    env: { OPERATOR_KEY, SEARCH_REBUILD_IDLE_MS: '1500' },
  });
}

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTokenIssuer();
  service = await startSearch();
  observer = await infra.bus.subscribe({
    durable: 'test-observer',
    subject: 'search.>',
    handler: async (event) => void published.push(event),
  });
});

afterAll(async () => {
  await observer?.stop();
  await service?.stop();
  await infra?.close();
});

async function call<T = unknown>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${service.url}/api/v1/search${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function find(token: string, params: Record<string, string | string[]>): Promise<SearchResults> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const value of [v].flat()) qs.append(k, value);
  const { status, body } = await call<SearchResults>('GET', `/results?${qs}`, { token });
  expect(status).toBe(200);
  return body;
}

const ids = (r: SearchResults) => r.results.map((x) => x.id);
const tag = () =>
  randomUUID()
    .slice(0, 6)
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);

function profile(
  userId: string,
  name: string,
  opts: { discovery?: boolean; locationSharing?: boolean; at?: string } = {},
) {
  return eventEnvelope(ProfileCompleted, {
    userId,
    name,
    username: `u_${userId.slice(0, 8)}`,
    imageUrl: null,
    cityId: 'lisbon',
    location: 'Lisbon, Portugal',
    languages: ['en'],
    interests: ['Meditation'],
    discovery: {
      latitude: 38.7,
      longitude: -9.1,
      locationSharing: opts.locationSharing ?? true,
      showInDiscovery: opts.discovery ?? true,
      badges: [],
      cosmic: null,
    },
    completedAt: opts.at ?? new Date().toISOString(),
  });
}

function post(
  postId: string,
  authorId: string,
  content: string,
  opts: { visibility?: 'all' | 'connections'; at?: string } = {},
) {
  return eventEnvelope(FeedPostCreated, {
    postId,
    authorId,
    topic: 'general',
    visibility: opts.visibility ?? 'all',
    content: `<p>${content}</p>`,
    photoCount: 0,
    createdAt: opts.at ?? new Date().toISOString(),
  });
}

function postEdit(postId: string, authorId: string, content: string, at: string) {
  return eventEnvelope(FeedPostUpdated, {
    postId,
    authorId,
    topic: 'general',
    visibility: 'all',
    content: `<p>${content}</p>`,
    photoCount: 0,
    pinned: false,
    updatedAt: at,
  });
}

/** Deliveries of a subject the service has handled so far (whatever the outcome). */
async function consumed(subject: string): Promise<number> {
  const { values } = await service.context.metrics.eventsConsumed.get();
  return values.filter((v) => v.labels.subject === subject).reduce((sum, v) => sum + v.value, 0);
}

const documentOf = (id: string) =>
  service.context.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();

describe('the read model', () => {
  it('finds an onboarded member by a misspelt name, but not one hidden from discovery; a city only when shared', async () => {
    const t = tag();
    const [shown, hidden, private_] = [randomUUID(), randomUUID(), randomUUID()];
    await infra.bus.publish(profile(shown, `Anandi ${t}wanderer`));
    await infra.bus.publish(profile(hidden, `Anandi ${t}wanderer`, { discovery: false }));
    await infra.bus.publish(profile(private_, `Anandi ${t}wanderer`, { locationSharing: false }));
    await eventually(async () => (await documentOf(private_)) !== undefined);
    const token = await tokens.token();
    const results = await find(token, { q: `${t}wandrer`, types: 'person' });
    expect(ids(results).sort()).toEqual([shown, private_].sort());
    expect(results.results.find((r) => r.id === shown)).toMatchObject({
      type: 'person',
      location: 'Lisbon, Portugal',
      url: `/profile/${shown}`,
    });
    expect(results.results.find((r) => r.id === private_)!.location).toBeNull();
  });

  it('indexes public posts once however often delivered, and an older edit arriving late changes nothing', async () => {
    const t = tag();
    const author = randomUUID();
    const [pub, conn] = [randomUUID(), randomUUID()];
    await infra.bus.publish(post(pub, author, `Sunrise ${t}kirtan by the river`));
    await infra.bus.publish(
      post(conn, author, `Sunrise ${t}kirtan for friends`, { visibility: 'connections' }),
    );
    await eventually(async () => (await documentOf(conn)) !== undefined);
    const token = await tokens.token();
    expect(ids(await find(token, { q: `${t}kirtan` }))).toEqual([pub]);

    const newer = postEdit(
      pub,
      author,
      `Evening ${t}chanting by the river`,
      new Date(Date.now() + 2000).toISOString(),
    );
    const older = postEdit(
      pub,
      author,
      `Morning ${t}kirtan again`,
      new Date(Date.now() + 1000).toISOString(),
    );
    await infra.bus.publish(newer);
    await eventually(async () => (await documentOf(pub))?.description.includes('chanting'));
    const updatesBefore = await consumed(FeedPostUpdated.subject);
    await infra.bus.publish(older);
    await infra.bus.publish(newer); // the same event again
    await eventually(async () => (await consumed(FeedPostUpdated.subject)) >= updatesBefore + 1);
    expect((await documentOf(pub))!.description).toContain('chanting');
    expect(ids(await find(token, { q: `${t}chanting` }))).toEqual([pub]);
    expect(ids(await find(token, { q: `${t}kirtan` }))).toEqual([]);
  });

  it('never finds a deleted post again, even when its creation or an edit arrives after the deletion', async () => {
    const t = tag();
    const author = randomUUID();
    const postId = randomUUID();
    const token = await tokens.token();
    await infra.bus.publish(post(postId, author, `Cacao ${t}ceremony tonight`));
    await eventually(async () => ids(await find(token, { q: `${t}ceremony` })).includes(postId));
    const deletion = eventEnvelope(FeedPostDeleted, { postId, authorId: author });
    await infra.bus.publish(deletion);
    await eventually(async () => (await documentOf(postId))?.deleted_at !== null);
    expect(ids(await find(token, { q: `${t}ceremony` }))).toEqual([]);
    // Out of order: a deletion first, then the post's creation and an edit.
    const other = randomUUID();
    await infra.bus.publish(eventEnvelope(FeedPostDeleted, { postId: other, authorId: author }));
    await eventually(async () => (await documentOf(other)) !== undefined);
    await infra.bus.publish(post(other, author, `Cacao ${t}ceremony again`));
    const editsBefore = await consumed(FeedPostUpdated.subject);
    await infra.bus.publish(
      postEdit(other, author, `Cacao ${t}ceremony edited`, new Date(Date.now() + 5000).toISOString()),
    );
    const probe = post(randomUUID(), author, `${t}probe`);
    await infra.bus.publish(probe);
    await eventually(async () => (await documentOf(probe.payload.postId)) !== undefined);
    await eventually(async () => (await consumed(FeedPostUpdated.subject)) >= editsBefore + 1);
    expect(ids(await find(token, { q: `${t}ceremony` }))).toEqual([]);
    expect((await documentOf(other))!.description).toBe('');
  });

  it('hides members and their posts from each other both ways while a block lasts; an older block arriving late does not come back', async () => {
    const t = tag();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const [postB, postA] = [randomUUID(), randomUUID()];
    await infra.bus.publish(profile(b, `Bodhi ${t}stillwater`));
    await infra.bus.publish(post(postB, b, `${t}tantra notes`));
    await infra.bus.publish(post(postA, a, `${t}tantra questions`));
    await eventually(
      async () => (await documentOf(postA)) !== undefined && (await documentOf(postB)) !== undefined,
    );
    const [tokenA, tokenB, tokenC] = [
      await tokens.token({ sub: a }),
      await tokens.token({ sub: b }),
      await tokens.token({ sub: c }),
    ];
    expect(ids(await find(tokenA, { q: `${t}tantra` })).sort()).toEqual([postA, postB].sort());

    const blockedAt = new Date(Date.now() - 60_000).toISOString();
    await infra.bus.publish(eventEnvelope(MemberBlocked, { blockerId: a, blockedId: b, blockedAt }));
    await eventually(async () => !ids(await find(tokenA, { q: `${t}tantra` })).includes(postB));
    expect(ids(await find(tokenA, { q: `${t}stillwater` }))).toEqual([]);
    expect(ids(await find(tokenB, { q: `${t}tantra` }))).toEqual([postB]); // the blocked member no longer finds a either
    expect(ids(await find(tokenC, { q: `${t}tantra` })).sort()).toEqual([postA, postB].sort());

    const unblock = eventEnvelope(MemberUnblocked, {
      blockerId: a,
      blockedId: b,
      unblockedAt: new Date().toISOString(),
    });
    await infra.bus.publish(unblock);
    await eventually(async () => ids(await find(tokenA, { q: `${t}tantra` })).includes(postB));
    const blocksBefore = await consumed(MemberBlocked.subject);
    await infra.bus.publish(eventEnvelope(MemberBlocked, { blockerId: a, blockedId: b, blockedAt })); // late copy
    await eventually(async () => (await consumed(MemberBlocked.subject)) >= blocksBefore + 1);
    expect(ids(await find(tokenA, { q: `${t}tantra` }))).toContain(postB);
  });

  it('forgets a deleted member: their card and posts are never found again, nor revived by a late profile', async () => {
    const t = tag();
    const gone = randomUUID();
    const postId = randomUUID();
    const token = await tokens.token();
    await infra.bus.publish(profile(gone, `Devi ${t}lotus`));
    await infra.bus.publish(post(postId, gone, `${t}lotus pose tips`));
    await eventually(async () => ids(await find(token, { q: `${t}lotus` })).length === 2);
    await infra.bus.publish(eventEnvelope(UserDeleted, { userId: gone }));
    await eventually(async () => ids(await find(token, { q: `${t}lotus` })).length === 0);
    await infra.bus.publish(
      eventEnvelope(ProfileUpdated, {
        ...profile(gone, `Devi ${t}lotus`).payload,
        completedAt: undefined,
        updatedAt: new Date().toISOString(),
      } as never),
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(ids(await find(token, { q: `${t}lotus` }))).toEqual([]);
  });
});

function circle(circleId: string, name: string, status: 'pending' | 'approved', at = new Date()) {
  const facts = {
    circleId,
    name,
    description: '<p>We sit together every morning.</p>',
    category: 'Meditation',
    joinPolicy: 'open' as const,
    cityId: 'lisbon',
    cityLabel: 'Lisbon, Portugal',
    holderId: randomUUID(),
    approvalStatus: status,
    coverUrl: null,
  };
  return status === 'pending'
    ? eventEnvelope(CircleCreated, { ...facts, createdAt: at.toISOString() })
    : eventEnvelope(CircleApproved, { ...facts, reviewerId: randomUUID(), approvedAt: at.toISOString() });
}

function approvedEvent(eventId: string, title: string, startsAt: Date) {
  return eventEnvelope(EventApproved, {
    eventId,
    title,
    description: '<p>Bring a blanket.</p>',
    category: 'Ritual',
    type: 'in_person',
    hostId: randomUUID(),
    circleId: null,
    cityId: 'porto',
    cityLabel: 'Porto, Portugal',
    latitude: null,
    longitude: null,
    timeZone: 'Europe/Lisbon',
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    capacity: null,
    approvalStatus: 'approved',
    coverUrl: null,
    reviewerId: randomUUID(),
    approvedAt: new Date().toISOString(),
  });
}

describe('circles and events', () => {
  it('finds approved circles only ("medtation" finds the meditation circle); a rejection hides one', async () => {
    const t = tag();
    const [approved, pending] = [randomUUID(), randomUUID()];
    await infra.bus.publish(circle(pending, `Evening Meditation ${t}`, 'pending'));
    await infra.bus.publish(
      circle(approved, `Morning Meditation ${t}`, 'pending', new Date(Date.now() - 1000)),
    );
    await infra.bus.publish(circle(approved, `Morning Meditation ${t}`, 'approved'));
    const token = await tokens.token();
    await eventually(async () => ids(await find(token, { q: `medtation ${t}` })).includes(approved));
    const results = await find(token, { q: `medtation ${t}` });
    expect(ids(results)).toEqual([approved]);
    expect(results.results[0]).toMatchObject({
      type: 'circle',
      url: `/circles/${approved}`,
      category: 'Meditation',
    });

    await infra.bus.publish(
      eventEnvelope(CircleRejected, {
        circleId: approved,
        name: 'x',
        holderId: randomUUID(),
        reviewerId: randomUUID(),
        reason: 'spam',
      }),
    );
    await eventually(async () => ids(await find(token, { q: `medtation ${t}` })).length === 0);
  });

  it('never finds a circle an admin removed, even when a late update arrives', async () => {
    const t = tag();
    const circleId = randomUUID();
    await infra.bus.publish(circle(circleId, `Crystal Grid ${t}`, 'approved', new Date(Date.now() - 2000)));
    const token = await tokens.token();
    await eventually(async () => ids(await find(token, { q: `crystal grid ${t}` })).includes(circleId));
    await infra.bus.publish(
      eventEnvelope(CircleDeleted, {
        circleId,
        name: `Crystal Grid ${t}`,
        holderId: randomUUID(),
        memberIds: [],
        deletedBy: randomUUID(),
        deletedAt: new Date().toISOString(),
      }),
    );
    await eventually(async () => ids(await find(token, { q: `crystal grid ${t}` })).length === 0);
    await infra.bus.publish(circle(circleId, `Crystal Grid ${t}`, 'approved', new Date(Date.now() - 1000)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ids(await find(token, { q: `crystal grid ${t}` }))).toEqual([]);
  });

  it('filters events by type and date range; a cancelled event is never found again', async () => {
    const t = tag();
    const [soon, later] = [randomUUID(), randomUUID()];
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    await infra.bus.publish(approvedEvent(soon, `Full moon ${t} gathering`, inAWeek));
    await infra.bus.publish(
      approvedEvent(later, `New moon ${t} gathering`, new Date(Date.now() + 60 * 86_400_000)),
    );
    await infra.bus.publish(post(randomUUID(), randomUUID(), `Who is going to the ${t} gathering?`));
    const token = await tokens.token();
    await eventually(async () => ids(await find(token, { q: `${t} gathering` })).length === 3);
    expect(ids(await find(token, { q: `${t} gathering`, types: 'event' })).sort()).toEqual(
      [soon, later].sort(),
    );
    const ranged = await find(token, {
      q: `${t} gathering`,
      types: 'event',
      to: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    expect(ids(ranged)).toEqual([soon]);
    expect(ranged.results[0]!.date).toBe(inAWeek.toISOString());
    const ai = await find(token, { q: `full moon ${t} gathering`, ai: 'true', types: 'event' });
    expect(ids(ai)).toEqual([soon, later]);

    await infra.bus.publish(
      eventEnvelope(EventCancelled, {
        eventId: soon,
        title: 'x',
        hostId: randomUUID(),
        startsAt: inAWeek.toISOString(),
        reason: null,
        attendeeIds: [],
        cancelledBy: randomUUID(),
      }),
    );
    await eventually(async () => !ids(await find(token, { q: `${t} gathering` })).includes(soon));
    await infra.bus.publish(approvedEvent(soon, `Full moon ${t} gathering`, inAWeek)); // late
    await new Promise((r) => setTimeout(r, 500));
    expect(ids(await find(token, { q: `${t} gathering`, types: 'event' }))).toEqual([later]);
  });
});

describe('searching', () => {
  it('an empty query is no search; a caller without a token is refused', async () => {
    const token = await tokens.token();
    expect(await find(token, { q: '   ' })).toEqual({ query: '', results: [], relatedTerms: [] });
    expect((await call('GET', '/results?q=yoga')).status).toBe(401);
  });

  it('filters by type and sorts by the spec relevance (exact title first)', async () => {
    const t = tag();
    const author = randomUUID();
    const exact = randomUUID();
    const inText = randomUUID();
    await infra.bus.publish(profile(exact, `${t}sangha`));
    await infra.bus.publish(post(inText, author, `Looking for a ${t}sangha near the coast`));
    await eventually(
      async () => (await documentOf(inText)) !== undefined && (await documentOf(exact)) !== undefined,
    );
    const token = await tokens.token();
    const all = await find(token, { q: `${t}sangha` });
    expect(ids(all)).toEqual([exact, inText]);
    expect(all.results[0]!.relevanceScore).toBeGreaterThan(all.results[1]!.relevanceScore);
    expect(ids(await find(token, { q: `${t}sangha`, types: 'post' }))).toEqual([inText]);
  });

  it('sorts by popularity (reactions) and by date when asked', async () => {
    const t = tag();
    const author = randomUUID();
    const older = randomUUID();
    const newer = randomUUID();
    await infra.bus.publish(post(older, author, `A ${t}kirtan evening`, { at: '2026-10-01T18:00:00.000Z' }));
    await infra.bus.publish(
      post(newer, author, `Another ${t}kirtan evening`, { at: '2026-11-01T18:00:00.000Z' }),
    );
    await eventually(
      async () => (await documentOf(older)) !== undefined && (await documentOf(newer)) !== undefined,
    );
    await infra.bus.publish(
      eventEnvelope(FeedReactionAdded, {
        postId: older,
        postAuthorId: author,
        memberId: randomUUID(),
        type: 'love',
        previousType: null,
        reactionCounts: { like: 2, love: 1, namaste: 0, insightful: 0, support: 0 },
      }),
    );
    await eventually(
      async () => (await documentOf(older))?.popularity === 3 && (await documentOf(newer)) !== undefined,
    );
    const token = await tokens.token();
    expect(ids(await find(token, { q: `${t}kirtan`, sortBy: 'popularity' }))).toEqual([older, newer]);
    expect(ids(await find(token, { q: `${t}kirtan`, sortBy: 'date' }))).toEqual([newer, older]);
  });

  it('keeps a count that came before its post, and the newest count whatever order the counts came in', async () => {
    const t = tag();
    const author = randomUUID();
    const [early, late] = [randomUUID(), randomUUID()];
    const reaction = (postId: string, love: number, occurredAt: string) =>
      eventEnvelope(
        FeedReactionAdded,
        {
          postId,
          postAuthorId: author,
          memberId: randomUUID(),
          type: 'love',
          previousType: null,
          reactionCounts: { like: 0, love, namaste: 0, insightful: 0, support: 0 },
        },
        { occurredAt },
      );
    // The reaction's event is handled before the post's (two streams, consumed side by side).
    // Handled twice per event (deliveringTwice) and in order: two more handlings include this event's first.
    const before = await consumed(FeedReactionAdded.subject);
    await infra.bus.publish(reaction(early, 4, '2026-11-02T10:00:00.000Z'));
    await eventually(async () => (await consumed(FeedReactionAdded.subject)) >= before + 2);
    await infra.bus.publish(post(early, author, `A ${t}mantra circle`, { at: '2026-11-02T09:00:00.000Z' }));
    await eventually(async () => (await documentOf(early)) !== undefined);
    expect((await documentOf(early))!.popularity).toBe(4);

    // Counts of one post handled newest first: the older one does not replace it.
    await infra.bus.publish(post(late, author, `Another ${t}mantra circle`));
    await eventually(async () => (await documentOf(late)) !== undefined);
    const handled = await consumed(FeedReactionAdded.subject);
    await infra.bus.publish(reaction(late, 7, '2026-11-03T10:00:02.000Z'));
    await infra.bus.publish(reaction(late, 6, '2026-11-03T10:00:01.000Z'));
    await eventually(async () => (await consumed(FeedReactionAdded.subject)) >= handled + 4);
    expect((await documentOf(late))!.popularity).toBe(7);
    const token = await tokens.token();
    expect(ids(await find(token, { q: `${t}mantra`, sortBy: 'popularity' }))).toEqual([late, early]);
  });

  it('AI search finds breathwork for "pranayama", which plain search does not', async () => {
    const t = tag();
    const postId = randomUUID();
    await infra.bus.publish(post(postId, randomUUID(), `Breathwork ${t} session on Sunday`));
    await eventually(async () => (await documentOf(postId)) !== undefined);
    const token = await tokens.token();
    expect(ids(await find(token, { q: `pranayama ${t}` }))).toEqual([]);
    const ai = await find(token, { q: `pranayama ${t}`, ai: 'true' });
    expect(ids(ai)).toContain(postId);
    expect(ai.relatedTerms).toContain('breathwork');
  });
});

describe("the member's searches", () => {
  it('history keeps the newest 20 with their counts and filters, and Clear empties it', async () => {
    const token = await tokens.token();
    for (let i = 0; i < 22; i++)
      expect(
        (
          await call('POST', '/history', {
            token,
            body: { query: `query ${i}`, resultCount: i, filters: { types: ['event'] } },
          })
        ).status,
      ).toBe(201);
    const { body } = await call<{ entries: SearchHistoryEntry[] }>('GET', '/history', { token });
    expect(body.entries).toHaveLength(20);
    expect(body.entries[0]).toMatchObject({
      query: 'query 21',
      resultCount: 21,
      filters: { types: ['event'] },
    });
    expect((await call('POST', '/history', { token, body: { query: '  ', resultCount: 0 } })).status).toBe(
      400,
    );
    expect((await call('DELETE', '/history', { token })).status).toBe(204);
    expect((await call<{ entries: unknown[] }>('GET', '/history', { token })).body.entries).toEqual([]);
  });

  it('saving needs a name and a query; notifications are off by default; only the owner changes it', async () => {
    const token = await tokens.token();
    const noName = await call<ErrorBody>('POST', '/saved', { token, body: { name: ' ', query: 'yoga' } });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toBe(SearchTexts.nameRequired);
    const noQuery = await call<ErrorBody>('POST', '/saved', { token, body: { name: 'Yoga', query: '' } });
    expect(noQuery.body.error.message).toBe(SearchTexts.queryRequired);
    const saved = await call<SavedSearch>('POST', '/saved', {
      token,
      body: { name: 'Yoga nearby', query: 'yoga' },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.notificationsEnabled).toBe(false);
    const someoneElse = await tokens.token();
    expect(
      (
        await call('PATCH', `/saved/${saved.body.id}`, {
          token: someoneElse,
          body: { notificationsEnabled: true },
        })
      ).status,
    ).toBe(404);
    expect((await call('DELETE', `/saved/${saved.body.id}`, { token: someoneElse })).status).toBe(404);
    expect(
      (await call<{ savedSearches: SavedSearch[] }>('GET', '/saved', { token })).body.savedSearches.map(
        (s) => s.name,
      ),
    ).toEqual(['Yoga nearby']);
  });

  it('tells the member once about a new item matching a saved search with notifications on', async () => {
    const t = tag();
    const memberId = randomUUID();
    const token = await tokens.token({ sub: memberId });
    const saved = await call<SavedSearch>('POST', '/saved', {
      token,
      body: { name: 'Gong', query: `${t}gong`, notificationsEnabled: true },
    });
    const postId = randomUUID();
    const created = post(postId, randomUUID(), `${t}gong bath on Friday`);
    await infra.bus.publish(created);
    const matched = await eventually(() =>
      published.find((e) => (e.payload as { savedSearchId?: string }).savedSearchId === saved.body.id),
    );
    expect(matched).toMatchObject({
      subject: 'search.saved-search.matched.v1',
      payload: { memberId, item: { id: postId, type: 'post' } },
    });
    await infra.bus.publish(
      postEdit(
        postId,
        created.payload.authorId,
        `${t}gong bath moved to Saturday`,
        new Date(Date.now() + 1000).toISOString(),
      ),
    );
    await new Promise((r) => setTimeout(r, 800));
    expect(
      published.filter((e) => (e.payload as { savedSearchId?: string }).savedSearchId === saved.body.id),
    ).toHaveLength(1);
  });

  it('popular searches show only queries of at least 3 members, with counts and no names', async () => {
    const t = tag();
    for (let i = 0; i < 3; i++)
      await call('POST', '/history', {
        token: await tokens.token(),
        body: { query: `${t} retreat`, resultCount: 1 },
      });
    await call('POST', '/history', {
      token: await tokens.token(),
      body: { query: `${t} lonely`, resultCount: 1 },
    });
    const { body } = await call<{ searches: { query: string; count: number }[] }>('GET', '/popular', {
      token: await tokens.token(),
    });
    expect(body.searches.length).toBeLessThanOrEqual(5);
    const queries = body.searches.map((s) => s.query);
    expect(queries).not.toContain(`${t} lonely`);
    expect(JSON.stringify(body)).not.toMatch(/memberId|userId/);
  });

  it("exports the member's history and saved searches for Download my data, and only theirs", async () => {
    const token = await tokens.token();
    await call('POST', '/history', { token, body: { query: 'sound bath', resultCount: 4 } });
    await call('POST', '/saved', { token, body: { name: 'Sound', query: 'sound bath' } });
    await call('POST', '/history', {
      token: await tokens.token(),
      body: { query: 'not mine', resultCount: 1 },
    });
    const { status, body } = await call<{
      service: string;
      data: { history: { query: string }[]; savedSearches: { name: string }[] };
    }>('GET', '/me/export', { token });
    expect(status).toBe(200);
    expect(body.service).toBe('search');
    expect(body.data.history.map((h) => h.query)).toEqual(['sound bath']);
    expect(body.data.savedSearches.map((s) => s.name)).toEqual(['Sound']);
  });

  it('suggestions are at most 8 and end with the 4 templates', async () => {
    const { body } = await call<{ suggestions: { text: string; kind: string }[] }>(
      'GET',
      '/suggestions?q=yoga',
      { token: await tokens.token() },
    );
    expect(body.suggestions.length).toBeLessThanOrEqual(8);
    expect(body.suggestions.slice(-4).map((s) => s.text)).toEqual([
      'yoga events',
      'yoga circles',
      'yoga people',
      'yoga in my area',
    ]);
  });
});

describe('rebuild', () => {
  it('replays the streams into an empty index: live items come back, deleted ones stay gone (operator only)', async () => {
    const t = tag();
    const author = randomUUID();
    const [kept, deleted] = [randomUUID(), randomUUID()];
    await infra.bus.publish(post(kept, author, `${t}samadhi retreat`));
    await infra.bus.publish(post(deleted, author, `${t}samadhi notes`));
    await infra.bus.publish(eventEnvelope(FeedPostDeleted, { postId: deleted, authorId: author }));
    await eventually(
      async () => (await documentOf(deleted))?.deleted_at != null && (await documentOf(kept)) !== undefined,
    );
    const token = await tokens.token();
    expect((await call('POST', '/index/rebuild', { token })).status).toBe(403);
    const started = await call<{ generation: number }>('POST', '/index/rebuild', {
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(started.status).toBe(202);
    await eventually(async () => ids(await find(token, { q: `${t}samadhi` })).includes(kept), 20_000);
    await eventually(async () => (await documentOf(deleted))?.deleted_at != null, 20_000);
    expect(ids(await find(token, { q: `${t}samadhi` }))).toEqual([kept]);
  });
});
