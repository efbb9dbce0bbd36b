import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsCirclesRoutes, UserDeleted, type RouteDefinition } from '@mer/contracts';
import { hostileValues } from '@mer/service-runtime/testing';
import {
  REVIEWER_PERMS,
  approvedEvent,
  call,
  eventEnvelope,
  eventually,
  manyMembers,
  member,
  startHarness,
  type Harness,
  type Method,
  type TestMember,
} from './harness.ts';

/** A sample in the spirit of the sanitiser's corpus (packages/text-sanitiser/test/hostile-corpus.ts). */
const HOSTILE_SAMPLE = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<b onclick="alert(1)">bold</b>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<svg><script>alert(1)</script></svg>',
  '<div style="width: expression(alert(1))">x</div>',
  '<form action="https://evil.example"><input></form>',
  '<object data="x.swf"></object>',
  '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
];

let h: Harness;
let reviewer: TestMember;

beforeAll(async () => {
  h = await startHarness();
  reviewer = await member(h, { perms: REVIEWER_PERMS });
}, 60_000);
afterAll(async () => h?.close());

async function approvedCircle(
  holder: TestMember,
  joinPolicy: 'open' | 'request' | 'invitation',
  name = 'Moon circle',
) {
  const created = await call(h, 'POST', '/circles', {
    who: holder,
    body: { name, description: 'We meet at the new moon', category: 'practice', joinPolicy },
  });
  expect(created.status, created.text).toBe(201);
  await call(h, 'PUT', `/review/circles/${created.body.id}`, {
    who: reviewer,
    body: { decision: 'approved' },
  });
  return created.body.id as string;
}

const subjectsFor = (circleId: string, subject: string) =>
  h.published.filter(
    (e) => e.subject === subject && (e.payload as { circleId?: string }).circleId === circleId,
  );

describe('circles', () => {
  it('rejects with a reason the creator reads, and never lists a rejected circle', async () => {
    const holder = await member(h);
    const created = await call(h, 'POST', '/circles', {
      who: holder,
      body: { name: 'Crystals', description: 'x', category: 'healing', joinPolicy: 'open' },
    });
    const rejected = await call(h, 'PUT', `/review/circles/${created.body.id}`, {
      who: reviewer,
      body: { decision: 'rejected', reason: 'Please describe what you will do' },
    });
    expect(rejected.body).toMatchObject({
      approvalStatus: 'rejected',
      rejectionReason: 'Please describe what you will do',
    });
    expect((await call(h, 'GET', `/circles/${created.body.id}`, { who: holder })).body.rejectionReason).toBe(
      'Please describe what you will do',
    );
    const [someone] = await manyMembers(h, 1);
    expect((await call(h, 'GET', `/circles/${created.body.id}`, { who: someone! })).status).toBe(404);
    expect((await call(h, 'GET', '/review/circles', { who: someone! })).status).toBe(403);
    await eventually(() => subjectsFor(created.body.id, 'events-circles.circle.rejected.v1')[0]);
  });

  it('joins by request, by invitation, and refuses an uninvited member of an invitation-only circle', async () => {
    const holder = await member(h);
    const [asker, invited, stranger] = (await manyMembers(h, 3)) as [TestMember, TestMember, TestMember];
    const byRequest = await approvedCircle(holder, 'request');
    expect((await call(h, 'POST', `/circles/${byRequest}/membership`, { who: asker })).body.standing).toBe(
      'requested',
    );
    expect((await call(h, 'GET', `/circles/${byRequest}/requests`, { who: asker })).status).toBe(403);
    const requests = (await call(h, 'GET', `/circles/${byRequest}/requests`, { who: holder })).body.requests;
    expect(requests.map((r: { member: { userId: string } }) => r.member.userId)).toEqual([asker.id]);
    const accepted = await call(h, 'PUT', `/circles/${byRequest}/requests/${asker.id}`, {
      who: holder,
      body: { accept: true },
    });
    expect(accepted.body).toMatchObject({ standing: 'member', memberCount: 2 });

    const byInvitation = await approvedCircle(holder, 'invitation');
    const refused = await call(h, 'POST', `/circles/${byInvitation}/membership`, { who: stranger });
    expect(refused.status).toBe(403);
    expect(
      (
        await call(h, 'POST', `/circles/${byInvitation}/invitations`, {
          who: holder,
          body: { userId: invited.id },
        })
      ).body.standing,
    ).toBe('invited');
    const mine = (await call(h, 'GET', '/me/circle-invitations', { who: invited })).body.invitations;
    expect(mine[0]).toMatchObject({
      circle: { id: byInvitation, myStanding: 'invited' },
      invitedBy: { userId: holder.id },
    });
    expect(
      (await call(h, 'POST', `/circles/${byInvitation}/membership`, { who: invited })).body.standing,
    ).toBe('member');
    await eventually(() => subjectsFor(byInvitation, 'events-circles.circle-member.invited.v1')[0]);

    // Roles: the holder names a moderator, hands over, and may then leave; a moderator cannot remove a moderator.
    expect((await call(h, 'DELETE', `/circles/${byInvitation}/membership`, { who: holder })).status).toBe(
      400,
    );
    const mod = await call(h, 'PUT', `/circles/${byInvitation}/members/${invited.id}/role`, {
      who: holder,
      body: { role: 'moderator' },
    });
    expect(mod.body.role).toBe('moderator');
    expect(
      (
        await call(h, 'PUT', `/circles/${byInvitation}/members/${invited.id}/role`, {
          who: invited,
          body: { role: 'holder' },
        })
      ).status,
    ).toBe(403);
    await call(h, 'PUT', `/circles/${byInvitation}/members/${invited.id}/role`, {
      who: holder,
      body: { role: 'holder' },
    });
    expect((await call(h, 'GET', `/circles/${byInvitation}`, { who: holder })).body).toMatchObject({
      holder: { userId: invited.id },
      myStanding: 'moderator',
    });
    expect(
      (await call(h, 'DELETE', `/circles/${byInvitation}/membership`, { who: holder })).body,
    ).toMatchObject({ standing: 'none', memberCount: 1 });
    await eventually(() =>
      subjectsFor(byInvitation, 'events-circles.circle-member.role-changed.v1').length >= 3
        ? true
        : undefined,
    );
  });

  it('lets leaders announce, members discuss and post, and keeps non-members out', async () => {
    const holder = await member(h);
    const [m, outsider] = (await manyMembers(h, 2)) as [TestMember, TestMember];
    const circleId = await approvedCircle(holder, 'open');
    await call(h, 'POST', `/circles/${circleId}/membership`, { who: m });
    expect(
      (
        await call(h, 'POST', `/circles/${circleId}/updates`, {
          who: m,
          body: { updateType: 'announcement', title: 'Hi', body: 'x' },
        })
      ).status,
    ).toBe(403);
    const update = await call(h, 'POST', `/circles/${circleId}/updates`, {
      who: holder,
      body: { updateType: 'announcement', title: 'New moon', body: '<p>We meet <b>Friday</b></p>' },
    });
    expect(update.status, update.text).toBe(201);
    const announced = await eventually(
      () => subjectsFor(circleId, 'events-circles.circle-update.posted.v1')[0],
    );
    expect(announced.payload).toMatchObject({
      updateType: 'announcement',
      memberIds: [m.id],
      preview: 'We meet Friday',
    });

    const topic = await call(h, 'POST', `/circles/${circleId}/forum`, {
      who: holder,
      body: { title: 'Practices' },
    });
    const discussion = await call(h, 'POST', `/circles/${circleId}/discussions`, {
      who: m,
      body: { topicId: topic.body.id, title: 'Breath', body: 'How long do you sit?' },
    });
    expect(discussion.status, discussion.text).toBe(201);
    await call(h, 'POST', `/circles/${circleId}/discussions/${discussion.body.id}/replies`, {
      who: holder,
      body: { body: '20 minutes' },
    });
    const thread = (await call(h, 'GET', `/circles/${circleId}/forum/${topic.body.id}`, { who: m })).body;
    expect(thread.discussions[0]).toMatchObject({ title: 'Breath', replyCount: 1 });
    const post = await call(h, 'POST', `/circles/${circleId}/posts`, {
      who: m,
      body: { content: 'Hello <script>alert(1)</script>circle' },
    });
    expect(post.body).toMatchObject({ postType: 'circle', content: 'Hello circle' });
    const reacted = await call(h, 'PUT', `/circles/${circleId}/posts/${post.body.id}/reactions/me`, {
      who: holder,
      body: { type: 'namaste' },
    });
    expect(reacted.body).toMatchObject({ reactionCounts: { namaste: 1 }, myReaction: 'namaste' });
    await eventually(() =>
      h.published.find((e) => e.subject === 'events-circles.security.threat-detected.v1'),
    );
    expect(
      (await call(h, 'POST', `/circles/${circleId}/posts`, { who: outsider, body: { content: 'hi' } }))
        .status,
    ).toBe(403);
    expect((await call(h, 'GET', `/circles/${circleId}/posts`, { who: outsider })).status).toBe(403);
    expect(
      (await call(h, 'DELETE', `/circles/${circleId}/posts/${post.body.id}`, { who: holder })).status,
    ).toBe(204);
  });

  it('refuses hostile member text with the sanitiser wording and stores only what it keeps', async () => {
    const holder = await member(h);
    for (const input of HOSTILE_SAMPLE) {
      const r = await call(h, 'POST', '/circles', {
        who: holder,
        body: { name: 'Circle', description: input, category: 'practice', joinPolicy: 'open' },
      });
      expect(r.status, input).toBeLessThan(500);
      if (r.status === 201) expect(r.body.description).not.toMatch(/<script|onerror|javascript:/i);
      else expect(r.body.error.details.fields[0].field).toBe('circle.description');
    }
    const long = await call(h, 'POST', '/circles', {
      who: holder,
      body: { name: 'Circle', description: 'x'.repeat(5_001), category: 'practice', joinPolicy: 'open' },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Input exceeds maximum length of 5000');
  });
});

describe('cover images', () => {
  it('re-encodes an upload through the photo pipeline and serves it as the circle cover', async () => {
    const holder = await member(h);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#88aacc' } })
      .png()
      .toBuffer();
    const uploaded = await call(h, 'POST', '/photos', { who: holder, raw: png, type: 'image/png' });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.body).toMatchObject({ width: 40, height: 30 });
    const created = await call(h, 'POST', '/circles', {
      who: holder,
      body: {
        name: 'Covered',
        description: 'x',
        category: 'nature',
        joinPolicy: 'open',
        coverPhotoId: uploaded.body.photoId,
      },
    });
    expect(created.body.coverUrl).toBe(uploaded.body.imageUrl);
    const file = await fetch(`${h.service.url}${uploaded.body.imageUrl}`);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    const [other] = await manyMembers(h, 1);
    const stolen = await call(h, 'POST', '/circles', {
      who: other!,
      body: {
        name: 'Not mine',
        description: 'x',
        category: 'nature',
        joinPolicy: 'open',
        coverPhotoId: uploaded.body.photoId,
      },
    });
    expect(stolen.status).toBe(400);
    const notImage = await call(h, 'POST', '/photos', {
      who: holder,
      raw: Buffer.from('hello'),
      type: 'image/png',
    });
    expect(notImage.status).toBe(415);
  });
});

describe('account deletion and idempotent consumers', () => {
  it('erases a deleted member: their spot goes to the next in line, their circle passes on, their events are cancelled', async () => {
    const leaver = await member(h);
    const host = await member(h);
    const [waiting, other] = (await manyMembers(h, 2)) as [TestMember, TestMember];
    const eventId = await approvedEvent(h, host, reviewer, { capacity: 1 });
    await call(h, 'PUT', `/events/${eventId}/rsvp`, { who: leaver, body: { status: 'going' } });
    await call(h, 'PUT', `/events/${eventId}/rsvp`, { who: waiting, body: { status: 'going' } });
    const circleId = await approvedCircle(leaver, 'open', 'Leaver circle');
    await call(h, 'POST', `/circles/${circleId}/membership`, { who: other });
    const hosted = await approvedEvent(h, leaver, reviewer);
    await call(h, 'PUT', `/events/${hosted}/rsvp`, { who: other, body: { status: 'going' } });
    await call(h, 'GET', '/me/calendar-feed', { who: leaver });

    const deletion = eventEnvelope(UserDeleted, { userId: leaver.id });
    await h.infra.bus.publish(deletion);
    await h.infra.bus.publish(deletion);
    await eventually(async () =>
      (await call(h, 'GET', `/events/${eventId}`, { who: waiting })).body.attendance.myStatus === 'going'
        ? true
        : undefined,
    );
    const db = h.service.context.db;
    await eventually(async () =>
      (await db.selectFrom('members').select('user_id').where('user_id', '=', leaver.id).executeTakeFirst())
        ? undefined
        : true,
    );
    expect(await db.selectFrom('rsvps').select('user_id').where('user_id', '=', leaver.id).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('calendar_feeds').select('user_id').where('user_id', '=', leaver.id).execute(),
    ).toEqual([]);
    expect((await call(h, 'GET', `/circles/${circleId}`, { who: other })).body).toMatchObject({
      holder: { userId: other.id },
      memberCount: 1,
    });
    expect((await call(h, 'GET', `/events/${hosted}`, { who: other })).status).toBe(404);
    await eventually(() =>
      h.published.find(
        (e) =>
          e.subject === 'events-circles.event.cancelled.v1' &&
          (e.payload as { eventId: string }).eventId === hosted,
      ),
    );
    // Promoted once, though the deletion came twice.
    const promotions = h.published.filter(
      (e) =>
        e.subject === 'events-circles.waitlist.promoted.v1' &&
        (e.payload as { targetId: string }).targetId === eventId,
    );
    expect(promotions).toHaveLength(1);
    // The token outlives the account: it cannot write again.
    expect(
      (await call(h, 'PUT', `/events/${eventId}/rsvp`, { who: leaver, body: { status: 'going' } })).status,
    ).toBe(404);
    const exported = await call(h, 'GET', '/me/export', { who: leaver });
    expect(exported.body.data.rsvps).toEqual([]);
  });

  it("exports the member's part without the feed's secret", async () => {
    const someone = await member(h);
    await call(h, 'GET', '/me/calendar-feed', { who: someone });
    const exported = await call(h, 'GET', '/me/export', { who: someone });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body).toMatchObject({
      service: 'events-circles',
      version: 1,
      data: { calendarFeed: { exists: true } },
    });
    expect(exported.text).not.toContain('calendar-feeds/');
  });
});

describe('hostile input to every route', () => {
  const { hostileValue, nastyString } = hostileValues();
  const jsonRoutes: RouteDefinition[] = Object.values(
    eventsCirclesRoutes as Record<string, RouteDefinition>,
  ).filter((r: RouteDefinition) => !r.rawBody && r.access.kind !== 'public' && r.access.kind !== 'operator');
  it('answers 2xx or 4xx, never 5xx', async () => {
    const who = await member(h);
    for (const route of jsonRoutes) {
      const props = Object.keys(
        (route.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {},
      );
      const field = fc.oneof(hostileValue, nastyString, fc.string({ maxLength: 40 }));
      const body = fc.oneof(
        fc.record(Object.fromEntries(props.map((p) => [p, field])), { requiredKeys: [] }),
        hostileValue,
      );
      await fc.assert(
        fc.asyncProperty(body, nastyString, async (b, rawJunk) => {
          const junk = rawJunk.replace(/[\ud800-\udfff]/g, '?');
          const url = route.path
            .replace('/api/v1/events-circles', '')
            .replace(/:(\w+)/g, () => encodeURIComponent(junk || 'x'));
          const query =
            route.method === 'GET'
              ? `?cursor=${encodeURIComponent(junk)}&near=${encodeURIComponent(junk)}`
              : '';
          const res = await call(h, route.method as Method, `${url}${query}`, {
            who,
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: b }),
          });
          expect(
            res.status,
            `${route.method} ${url}${query} ${JSON.stringify(b)?.slice(0, 200)}`,
          ).toBeLessThan(500);
        }),
        { numRuns: 4 },
      );
    }
  }, 120_000);
});
