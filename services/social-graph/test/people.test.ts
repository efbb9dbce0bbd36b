import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventEnvelope, eventually, hostileValues } from '@mer/service-runtime/testing';
import {
  UserDeleted,
  type BlockList,
  type Compatibility,
  type ConnectionStatus,
  type PeoplePage,
  type PersonCard,
  type RecommendationList,
} from '@mer/contracts';
import { createSocialGraphDeps } from '../src/deps.ts';
import { retrainRecommendationModel } from '../src/use-cases/recommendations.ts';
import {
  API,
  call,
  json,
  member,
  profileEvent,
  startHarness,
  type Harness,
  type TestMember,
} from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

/** Practices unique to one test keep other tests' members out of its results. */
const uniquePractice = () => `Practice ${randomUUID().slice(0, 8)}`;
const discover = (viewer: TestMember, query: string) =>
  json<PeoplePage>(call(h, 'GET', `${API}/people?${query}`, { token: viewer.token }), 200);
const ids = (page: PeoplePage) => page.people.map((p) => p.userId);
const send = (from: TestMember, to: TestMember) =>
  call(h, 'POST', `${API}/connection-requests`, { token: from.token, body: { userId: to.id } });

// Lisbon, Sintra (~25 km), Porto (~275 km).
const LISBON = { latitude: 38.7167, longitude: -9.1333 };
const SINTRA = { latitude: 38.8029, longitude: -9.3817 };
const PORTO = { latitude: 41.1496, longitude: -8.611 };

describe('people discovery', () => {
  it('filters by practice and by city within a radius, and shows what the card needs', async () => {
    const practice = uniquePractice();
    const viewer = await member(h, { practices: [practice, 'Yoga'], ...LISBON });
    const near = await member(h, {
      practices: ['Breathwork', practice],
      ...SINTRA,
      city: 'Sintra, Portugal',
    });
    const far = await member(h, { practices: [practice], ...PORTO, city: 'Porto, Portugal' });
    const q = `practice=${encodeURIComponent(practice.toUpperCase())}`;
    expect(ids(await discover(viewer, q)).sort()).toEqual([near.id, far.id].sort());
    const within = await discover(viewer, `${q}&radiusKm=50`);
    expect(ids(within)).toEqual([near.id]);
    expect(within.people[0]).toMatchObject({
      name: near.name,
      city: 'Sintra, Portugal',
      sharedPractices: [practice],
      status: 'none',
      requestId: null,
      badges: [{ type: 'member', label: 'Member', priority: 1 }],
    });
    expect(within.people[0]!.distanceKm).toBeGreaterThan(20);
    expect(within.people[0]!.distanceKm).toBeLessThan(30);
    // Around another point than the viewer's own city.
    expect(
      ids(await discover(viewer, `${q}&radiusKm=50&latitude=${PORTO.latitude}&longitude=${PORTO.longitude}`)),
    ).toEqual([far.id]);
    // The status on the card follows the requests.
    await json(send(viewer, near), 201);
    expect((await discover(viewer, `${q}&radiusKm=50`)).people[0]!.status).toBe('pending_sent');
  });

  it('finds members by name or username prefix, by language, and new members', async () => {
    const tag = randomUUID().slice(0, 6);
    const viewer = await member(h);
    const ana = await member(h, { name: `Zanadu${tag} Lua`, languages: ['pt', 'en'] });
    const bo = await member(h, { name: 'Bo', username: `zanadu${tag}_bo`, languages: ['de'] });
    expect(ids(await discover(viewer, `q=zanadu${tag}`)).sort()).toEqual([ana.id, bo.id].sort());
    expect(ids(await discover(viewer, `q=zanadu${tag}&language=pt`))).toEqual([ana.id]);
    expect(ids(await discover(viewer, `q=zanadu${tag}&newMembers=true`)).sort()).toEqual(
      [ana.id, bo.id].sort(),
    );
    // LIKE wildcards in the text are literal.
    expect(ids(await discover(viewer, `q=${encodeURIComponent('%_')}`))).toEqual([]);
  });

  it('filters Human Design type and sun sign only among members who share them', async () => {
    const practice = uniquePractice();
    const viewer = await member(h, { practices: [practice] });
    const shares = await member(h, {
      practices: [practice],
      cosmic: {
        sunSign: 'Leo',
        moonSign: 'Aries',
        risingSign: null,
        humanDesignType: 'Projector',
        humanDesignGates: [1, 2],
      },
    });
    await member(h, { practices: [practice] }); // no chart shared: never matched by sign or type
    const q = `practice=${encodeURIComponent(practice)}`;
    expect(ids(await discover(viewer, `${q}&sunSign=leo`))).toEqual([shares.id]);
    expect(ids(await discover(viewer, `${q}&humanDesignType=Projector`))).toEqual([shares.id]);
    expect(ids(await discover(viewer, `${q}&sunSign=Virgo`))).toEqual([]);
  });

  it('pages with a keyset cursor without repeating anyone', async () => {
    const practice = uniquePractice();
    const viewer = await member(h, { practices: [practice] });
    const members: string[] = [];
    for (let i = 0; i < 5; i++) members.push((await member(h, { practices: [practice] })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: PeoplePage = await discover(
        viewer,
        `practice=${encodeURIComponent(practice)}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect([...seen].sort()).toEqual([...members].sort());
  });
});

describe('privacy', () => {
  it('never lists members who are not onboarded or hid themselves, nor the viewer', async () => {
    const practice = uniquePractice();
    const viewer = await member(h, { practices: [practice] });
    const visible = await member(h, { practices: [practice] });
    await member(h, { practices: [practice], showInDiscovery: false });
    await member(h, { practices: [practice], onboarded: false });
    expect(ids(await discover(viewer, `practice=${encodeURIComponent(practice)}`))).toEqual([visible.id]);
  });

  it('shows no city or distance and matches no radius when location sharing is off', async () => {
    const practice = uniquePractice();
    const viewer = await member(h, { practices: [practice], ...LISBON });
    const hidden = await member(h, { practices: [practice], ...LISBON, locationSharing: false });
    const page = await discover(viewer, `practice=${encodeURIComponent(practice)}`);
    expect(page.people[0]).toMatchObject({ userId: hidden.id, city: null, distanceKm: null });
    expect(ids(await discover(viewer, `practice=${encodeURIComponent(practice)}&radiusKm=50`))).toEqual([]);
  });

  it('applies a later profile update (hiding from discovery), and ignores an older one delivered late', async () => {
    const practice = uniquePractice();
    const viewer = await member(h, { practices: [practice] });
    const m = await member(h, { practices: [practice], name: 'First' });
    const q = `practice=${encodeURIComponent(practice)}`;
    const later = new Date(Date.now() + 60_000);
    await h.infra.bus.publish(
      profileEvent(m.id, 'Hidden', 'hidden', { practices: [practice], showInDiscovery: false }, later),
    );
    await eventually(async () => ((await discover(viewer, q)).people.length === 0 ? true : undefined));
    await h.infra.bus.publish(
      profileEvent(m.id, 'Old', 'old', { practices: [practice] }, new Date(Date.now() - 60_000)),
    );
    // The stale event changes nothing (give it time to be handled).
    await new Promise((r) => setTimeout(r, 500));
    expect(ids(await discover(viewer, q))).toEqual([]);
  });
});

describe('blocks and mutes', () => {
  it('is silent: the blocked member can no longer find the blocker or ask them, and the connection ends', async () => {
    const practice = uniquePractice();
    const a = await member(h, { practices: [practice] });
    const b = await member(h, { practices: [practice] });
    const requestId = (await json<ConnectionStatus>(send(a, b), 201)).requestId!;
    await json(call(h, 'POST', `${API}/connection-requests/${requestId}/accept`, { token: b.token }), 200);

    expect((await call(h, 'POST', `${API}/blocks`, { token: b.token, body: { userId: a.id } })).status).toBe(
      204,
    );
    // Twice is the same as once.
    expect((await call(h, 'POST', `${API}/blocks`, { token: b.token, body: { userId: a.id } })).status).toBe(
      204,
    );
    const q = `practice=${encodeURIComponent(practice)}`;
    expect(ids(await discover(a, q))).toEqual([]);
    expect(ids(await discover(b, q))).toEqual([]);
    const refused = await send(a, b);
    expect(refused.status).toBe(404);
    expect((await call(h, 'GET', `${API}/people/${b.id}`, { token: a.token })).status).toBe(404);
    expect(
      (
        await json<ConnectionStatus>(
          call(h, 'GET', `${API}/connections/status/${b.id}`, { token: a.token }),
          200,
        )
      ).status,
    ).toBe('none');
    const blocked = await eventually(() =>
      h.published.find(
        (e) =>
          e.subject === 'social-graph.member.blocked.v1' &&
          (e.payload as { blockedId: string }).blockedId === a.id,
      ),
    );
    expect(blocked.payload).toMatchObject({ blockerId: b.id, blockedId: a.id });
    await eventually(() =>
      h.published.find(
        (e) =>
          e.subject === 'social-graph.connection.removed.v1' &&
          (e.payload as { requestId: string; reason: string }).requestId === requestId &&
          (e.payload as { reason: string }).reason === 'blocked',
      ),
    );
    const list = await json<BlockList>(call(h, 'GET', `${API}/blocks`, { token: b.token }), 200);
    expect(list.blocked.map((x) => x.userId)).toEqual([a.id]);

    expect((await call(h, 'DELETE', `${API}/blocks/${a.id}`, { token: b.token })).status).toBe(204);
    expect(ids(await discover(a, q))).toEqual([b.id]);
    await eventually(() => h.published.find((e) => e.subject === 'social-graph.member.unblocked.v1'));
  });

  it('mutes and unmutes silently, publishing for the muter only', async () => {
    const [a, b] = [await member(h), await member(h)];
    expect((await call(h, 'POST', `${API}/mutes`, { token: a.token, body: { userId: b.id } })).status).toBe(
      204,
    );
    const muted = await eventually(() =>
      h.published.find(
        (e) =>
          e.subject === 'social-graph.member.muted.v1' && (e.payload as { muterId: string }).muterId === a.id,
      ),
    );
    expect(muted.payload).toMatchObject({ mutedId: b.id });
    expect((await call(h, 'DELETE', `${API}/mutes/${b.id}`, { token: a.token })).status).toBe(204);
    await eventually(() =>
      h.published.find(
        (e) =>
          e.subject === 'social-graph.member.unmuted.v1' &&
          (e.payload as { muterId: string }).muterId === a.id,
      ),
    );
  });
});

describe('compatibility, recommendations and reports', () => {
  it('gives compatibility with reasons only when both share their charts', async () => {
    const cosmic = {
      sunSign: 'Aries',
      moonSign: 'Leo',
      risingSign: null,
      humanDesignType: 'Generator',
      humanDesignGates: [1, 8],
    };
    const a = await member(h, { cosmic });
    const b = await member(h, { cosmic: { ...cosmic, sunSign: 'Sagittarius' } });
    const c = await member(h);
    const ab = await json<Compatibility>(
      call(h, 'GET', `${API}/people/${b.id}/compatibility`, { token: a.token }),
      200,
    );
    expect(ab.available).toBe(true);
    expect(ab.score).toBeGreaterThan(0);
    expect(ab.reasons.length).toBeGreaterThan(0);
    const ac = await json<Compatibility>(
      call(h, 'GET', `${API}/people/${c.id}/compatibility`, { token: a.token }),
      200,
    );
    expect(ac).toEqual({ userId: c.id, available: false, score: null, reasons: [] });
  });

  it('recommends members with reasons in plain words, and a dismissed one disappears', async () => {
    const practice = uniquePractice();
    const viewer = await member(h, { practices: [practice, 'Breathwork'], ...LISBON });
    const match = await member(h, { practices: [practice, 'Breathwork'], ...SINTRA });
    const list = await json<RecommendationList>(
      call(h, 'GET', `${API}/recommendations?limit=20`, { token: viewer.token }),
      200,
    );
    const mine = list.recommendations.find((r) => r.person.userId === match.id);
    expect(mine?.reasons.join(' · ')).toMatch(/You both practise/);
    expect(
      (await call(h, 'POST', `${API}/recommendations/${match.id}/dismiss`, { token: viewer.token })).status,
    ).toBe(204);
    const after = await json<RecommendationList>(
      call(h, 'GET', `${API}/recommendations?limit=20`, { token: viewer.token }),
      200,
    );
    expect(after.recommendations.map((r) => r.person.userId)).not.toContain(match.id);
  });

  it('records a report with sanitised details and publishes it', async () => {
    const [a, b] = [await member(h), await member(h)];
    const r = await call(h, 'POST', `${API}/reports`, {
      token: a.token,
      body: { userId: b.id, reason: 'spam', details: ' <script>alert(1)</script>Sells things ' },
    });
    expect(r.status).toBe(201);
    const { reportId } = (await r.json()) as { reportId: string };
    const event = await eventually(() =>
      h.published.find((e) => (e.payload as { reportId?: string }).reportId === reportId),
    );
    expect(event.payload).toMatchObject({ reporterId: a.id, reportedId: b.id, reason: 'spam' });
    expect((event.payload as { details: string }).details).toBe('Sells things');
    // The threat goes to the admin security log.
    const threat = await eventually(() =>
      h.published.find(
        (e) =>
          e.subject === 'social-graph.security.threat-detected.v1' &&
          (e.payload as { userId: string }).userId === a.id,
      ),
    );
    expect(threat.payload).toMatchObject({ service: 'social-graph', field: 'report.details' });
  });
});

describe('account deletion', () => {
  it("removes every row of the member and announces their connections' end", async () => {
    const [gone, friend, other] = [await member(h), await member(h), await member(h)];
    const requestId = (await json<ConnectionStatus>(send(gone, friend), 201)).requestId!;
    await json(
      call(h, 'POST', `${API}/connection-requests/${requestId}/accept`, { token: friend.token }),
      200,
    );
    await json(send(other, gone), 201);
    await call(h, 'POST', `${API}/blocks`, { token: gone.token, body: { userId: other.id } });
    await call(h, 'POST', `${API}/mutes`, { token: friend.token, body: { userId: gone.id } });
    await call(h, 'POST', `${API}/reports`, {
      token: other.token,
      body: { userId: gone.id, reason: 'other' },
    });

    await h.infra.bus.publish(eventEnvelope(UserDeleted, { userId: gone.id }));
    const db = h.service.context.db;
    await eventually(async () =>
      (await db.selectFrom('members').select('user_id').where('user_id', '=', gone.id).executeTakeFirst())
        ? undefined
        : true,
    );
    const count = async () => {
      const q = [
        db
          .selectFrom('connection_requests')
          .select('id')
          .where((eb) => eb.or([eb('sender_id', '=', gone.id), eb('receiver_id', '=', gone.id)])),
        db
          .selectFrom('blocks')
          .select('blocker_id as id')
          .where((eb) => eb.or([eb('blocker_id', '=', gone.id), eb('blocked_id', '=', gone.id)])),
        db
          .selectFrom('mutes')
          .select('muter_id as id')
          .where((eb) => eb.or([eb('muter_id', '=', gone.id), eb('muted_id', '=', gone.id)])),
        db.selectFrom('member_memberships').select('membership_id as id').where('user_id', '=', gone.id),
        db
          .selectFrom('member_reports')
          .select('id')
          .where((eb) => eb.or([eb('reporter_id', '=', gone.id), eb('reported_id', '=', gone.id)])),
      ];
      return (await Promise.all(q.map((x) => x.execute()))).reduce((n, rows) => n + rows.length, 0);
    };
    expect(await count()).toBe(0);
    const removed = await eventually(() =>
      h.published.find(
        (e) =>
          e.subject === 'social-graph.connection.removed.v1' &&
          (e.payload as { requestId: string }).requestId === requestId,
      ),
    );
    expect(removed.payload).toMatchObject({ reason: 'deleted', removedBy: null });
    // A late profile event does not bring them back, and their token can no longer write.
    await h.infra.bus.publish(profileEvent(gone.id, 'Back', 'back', {}));
    await new Promise((r) => setTimeout(r, 500));
    expect(
      await db.selectFrom('members').select('user_id').where('user_id', '=', gone.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await send(gone, friend)).status).toBe(401);
    expect(
      (
        await json<ConnectionStatus>(
          call(h, 'GET', `${API}/connections/status/${gone.id}`, { token: friend.token }),
          200,
        )
      ).status,
    ).toBe('none');
  });
});

describe('hostile input', () => {
  it('answers wrong types, huge strings and unknown keys with 400, never a 500', async () => {
    const a = await member(h);
    const bodies: unknown[] = [
      {},
      { userId: 42 },
      { userId: 'not-a-uuid' },
      { userId: 'x'.repeat(100_000) },
      { userId: randomUUID(), isAdmin: true },
      [],
      null,
    ];
    for (const body of bodies) {
      const r = await call(h, 'POST', `${API}/connection-requests`, { token: a.token, body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    for (const query of [
      'limit=0',
      'limit=abc',
      'radiusKm=-1',
      'latitude=200&longitude=0',
      `q=${'a'.repeat(5000)}`,
      'latitude=1',
      'sneaky=1',
    ]) {
      const r = await call(h, 'GET', `${API}/people?${query}`, { token: a.token });
      expect(r.status, query).toBe(400);
    }
    const report = await call(h, 'POST', `${API}/reports`, {
      token: a.token,
      body: { userId: randomUUID(), reason: 'spam', details: 'y'.repeat(2001) },
    });
    expect(report.status).toBe(400);
    // An unknown member's id: 404, not a 500.
    expect(
      (
        await call(h, 'POST', `${API}/connection-requests`, {
          token: a.token,
          body: { userId: randomUUID() },
        })
      ).status,
    ).toBe(404);
    expect((await call(h, 'GET', `${API}/people/${randomUUID()}`, { token: a.token })).status).toBe(404);
  });

  it('survives random hostile bodies on every write route', async () => {
    const a = await member(h);
    const { hostileValue } = hostileValues({ strings: [a.id, randomUUID()] });
    const paths = [`${API}/connection-requests`, `${API}/blocks`, `${API}/mutes`, `${API}/reports`];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), hostileValue, async (path, body) => {
        const r = await call(h, 'POST', path, { token: a.token, body });
        expect(r.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});

export type { PersonCard };

describe('recommendation reasons from the graph', () => {
  it('counts mutual connections', async () => {
    const practice = uniquePractice();
    const [viewer, friend, candidate] = [
      await member(h, { practices: [practice] }),
      await member(h),
      await member(h, { practices: [practice] }),
    ];
    for (const [x, y] of [
      [viewer, friend],
      [candidate, friend],
    ] as const) {
      const id = (await json<ConnectionStatus>(send(x, y), 201)).requestId!;
      await json(call(h, 'POST', `${API}/connection-requests/${id}/accept`, { token: y.token }), 200);
    }
    const list = await json<RecommendationList>(
      call(h, 'GET', `${API}/recommendations?limit=20`, { token: viewer.token }),
      200,
    );
    const suggestion = list.recommendations.find((r) => r.person.userId === candidate.id);
    expect(suggestion?.reasons.join(' · ')).toMatch(/1 mutual connection/);
    // Connected members are never suggested.
    expect(list.recommendations.map((r) => r.person.userId)).not.toContain(friend.id);
  });
});

describe('recommendation model retraining', () => {
  it("learns from the community's rows (connections, accepted suggestions) and stores a new version", async () => {
    const practice = uniquePractice();
    const viewer = await member(h, { practices: [practice], languages: ['pt'] });
    const suggested = await member(h, { practices: [practice], languages: ['pt'] });
    const list = await json<RecommendationList>(
      call(h, 'GET', `${API}/recommendations?limit=20`, { token: viewer.token }),
      200,
    );
    const reasons = list.recommendations.find((r) => r.person.userId === suggested.id)?.reasons ?? [];
    expect(reasons).toContain('You both speak Portuguese');
    const sent = await call(h, 'POST', `${API}/connection-requests`, {
      token: viewer.token,
      body: { userId: suggested.id, source: 'recommendations' },
    });
    const requestId = ((await sent.json()) as ConnectionStatus).requestId!;
    await json(
      call(h, 'POST', `${API}/connection-requests/${requestId}/accept`, { token: suggested.token }),
      200,
    );

    const deps = createSocialGraphDeps(h.service.context);
    const model = await retrainRecommendationModel(deps);
    expect(model.samples.positives).toBeGreaterThan(0);
    const stored = await h.service.context.db
      .selectFrom('recommendation_models')
      .select('version')
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.version).toBe(model.version);
    // Suggestions are served from the stored model from now on.
    expect((await call(h, 'GET', `${API}/recommendations`, { token: viewer.token })).status).toBe(200);
  });
});
