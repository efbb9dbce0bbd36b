import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEWER_PERMS,
  approvedEvent,
  call,
  eventBody,
  eventually,
  manyMembers,
  member,
  startHarness,
  type Harness,
  type TestMember,
} from './harness.ts';

let h: Harness;
let host: TestMember;
let reviewer: TestMember;

beforeAll(async () => {
  h = await startHarness();
  host = await member(h);
  reviewer = await member(h, { perms: REVIEWER_PERMS });
}, 60_000);
afterAll(async () => h?.close());

describe('RSVP with capacity and a first-in-first-out waitlist', () => {
  it('200 simultaneous RSVPs to capacity 50: exactly 50 going, 150 waitlisted in arrival order; each cancel promotes one', async () => {
    const eventId = await approvedEvent(h, host, reviewer, { capacity: 50 });
    const crowd = await manyMembers(h, 200);
    const answers = await Promise.all(
      crowd.map(async (m) => {
        const r = await call(h, 'PUT', `/events/${eventId}/rsvp`, { who: m, body: { status: 'going' } });
        expect(r.status, r.text).toBe(200);
        return { member: m, attendance: r.body.attendance };
      }),
    );
    const going = answers.filter((a) => a.attendance.myStatus === 'going');
    const waitlisted = answers.filter((a) => a.attendance.myStatus === 'waitlisted');
    expect(going).toHaveLength(50);
    expect(waitlisted).toHaveLength(150);
    // Arrival order: the queue positions each member was told are 1..150, and every going answer came before them.
    expect(waitlisted.map((a) => a.attendance.myWaitlistPosition).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 150 }, (_, i) => i + 1),
    );
    const rows = await h.service.context.db
      .selectFrom('rsvps')
      .selectAll()
      .where('target_id', '=', eventId)
      .orderBy('queued_seq')
      .execute();
    expect(rows.slice(0, 50).every((r) => r.status === 'going')).toBe(true);
    expect(rows.slice(50).every((r) => r.status === 'waitlisted')).toBe(true);
    const event = (await call(h, 'GET', `/events/${eventId}`, { who: host })).body;
    expect(event.attendance).toMatchObject({
      capacity: 50,
      goingCount: 50,
      waitlistCount: 150,
      spotsLeft: 0,
    });

    // Cancelling promotes exactly the first in line, each time.
    const queue = rows.slice(50).map((r) => r.user_id);
    for (let i = 0; i < 3; i++) {
      const leaving = crowd.find((m) => m.id === rows[i]!.user_id)!;
      const r = await call(h, 'PUT', `/events/${eventId}/rsvp`, {
        who: leaving,
        body: { status: 'not_going' },
      });
      expect(r.body.attendance).toMatchObject({
        myStatus: 'not_going',
        goingCount: 50,
        waitlistCount: 149 - i,
      });
      const promoted = crowd.find((m) => m.id === queue[i])!;
      const mine = (await call(h, 'GET', `/events/${eventId}`, { who: promoted })).body;
      expect(mine.attendance.myStatus).toBe('going');
      const next = crowd.find((m) => m.id === queue[i + 1])!;
      expect(
        (await call(h, 'GET', `/events/${eventId}`, { who: next })).body.attendance.myWaitlistPosition,
      ).toBe(1);
    }
    await eventually(() => {
      const promotions = h.published.filter(
        (e) =>
          e.subject === 'events-circles.waitlist.promoted.v1' &&
          (e.payload as { targetId: string }).targetId === eventId,
      );
      return promotions.length === 3 ? promotions : undefined;
    });
    const promotedIds = h.published
      .filter(
        (e) =>
          e.subject === 'events-circles.waitlist.promoted.v1' &&
          (e.payload as { targetId: string }).targetId === eventId,
      )
      .map((e) => (e.payload as { userId: string }).userId);
    expect(new Set(promotedIds)).toEqual(new Set(queue.slice(0, 3)));
  }, 120_000);

  it('a waitlisted member leaving frees nobody; going twice keeps the place; a larger capacity promotes', async () => {
    const eventId = await approvedEvent(h, host, reviewer, { capacity: 1 });
    const [a, b, c] = await manyMembers(h, 3);
    expect(
      (await call(h, 'PUT', `/events/${eventId}/rsvp`, { who: a!, body: { status: 'going' } })).body
        .attendance.myStatus,
    ).toBe('going');
    expect(
      (await call(h, 'PUT', `/events/${eventId}/rsvp`, { who: b!, body: { status: 'going' } })).body
        .attendance,
    ).toMatchObject({
      myStatus: 'waitlisted',
      myWaitlistPosition: 1,
      spotsLeft: 0,
    });
    expect(
      (await call(h, 'PUT', `/events/${eventId}/rsvp`, { who: c!, body: { status: 'going' } })).body
        .attendance.myWaitlistPosition,
    ).toBe(2);
    expect(
      (await call(h, 'PUT', `/events/${eventId}/rsvp`, { who: a!, body: { status: 'going' } })).body
        .attendance.myStatus,
    ).toBe('going');
    expect(
      (await call(h, 'PUT', `/events/${eventId}/rsvp`, { who: b!, body: { status: 'not_going' } })).body
        .attendance,
    ).toMatchObject({
      goingCount: 1,
      waitlistCount: 1,
    });
    const grown = await call(h, 'PATCH', `/events/${eventId}`, { who: host, body: { capacity: 3 } });
    expect(grown.status, grown.text).toBe(200);
    expect((await call(h, 'GET', `/events/${eventId}`, { who: c! })).body.attendance).toMatchObject({
      myStatus: 'going',
      spotsLeft: 1,
    });
    const attendees = (await call(h, 'GET', `/events/${eventId}/attendees`, { who: a! })).body;
    expect(attendees.going.map((x: { member: { userId: string } }) => x.member.userId).sort()).toEqual(
      [a!.id, c!.id].sort(),
    );
  });

  it('refuses unpaid members, pending and cancelled events, and shows the address only to those going', async () => {
    const unpaid = await member(h, { paid: false });
    const eventId = await approvedEvent(h, host, reviewer, { capacity: null });
    const refused = await call(h, 'PUT', `/events/${eventId}/rsvp`, {
      who: unpaid,
      body: { status: 'going' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/active membership/);
    const [guest] = await manyMembers(h, 1);
    const before = (await call(h, 'GET', `/events/${eventId}`, { who: guest! })).body;
    expect(before.place).toMatchObject({ address: null, hiddenUntilGoing: true });
    await call(h, 'PUT', `/events/${eventId}/rsvp`, { who: guest!, body: { status: 'going' } });
    expect((await call(h, 'GET', `/events/${eventId}`, { who: guest! })).body.place.address).toBe(
      'Rua da Paz 1',
    );

    const pending = await call(h, 'POST', '/events', { who: host, body: eventBody() });
    expect(pending.body.approvalStatus).toBe('pending');
    expect((await call(h, 'GET', `/events/${pending.body.id}`, { who: guest! })).status).toBe(404);
    expect(
      (await call(h, 'PUT', `/events/${pending.body.id}/rsvp`, { who: guest!, body: { status: 'going' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(h, 'PUT', `/review/events/${pending.body.id}`, {
          who: guest!,
          body: { decision: 'approved' },
        })
      ).status,
    ).toBe(403);
    const rejected = await call(h, 'PUT', `/review/events/${pending.body.id}`, {
      who: reviewer,
      body: { decision: 'rejected' },
    });
    expect(rejected.status).toBe(400);

    const cancelled = await call(h, 'POST', `/events/${eventId}/cancel`, {
      who: host,
      body: { reason: 'Storm' },
    });
    expect(cancelled.body.status).toBe('cancelled');
    const late = await call(h, 'PUT', `/events/${eventId}/rsvp`, {
      who: (await manyMembers(h, 1))[0]!,
      body: { status: 'going' },
    });
    expect(late.status).toBe(400);
    await eventually(() =>
      h.published.find(
        (e) =>
          e.subject === 'events-circles.event.cancelled.v1' &&
          (e.payload as { attendeeIds: string[] }).attendeeIds.includes(guest!.id),
      ),
    );
  });

  it('lists upcoming events near a place within the radius, soonest first', async () => {
    const near = await approvedEvent(h, host, reviewer, {
      localStart: '2030-05-01T10:00',
      localEnd: '2030-05-01T11:00',
    });
    const far = await approvedEvent(h, host, reviewer, {
      city: {
        id: '2950159',
        label: 'Berlin, Germany',
        latitude: 52.52,
        longitude: 13.405,
        timeZone: 'Europe/Berlin',
      },
      localStart: '2030-05-01T09:00',
      localEnd: '2030-05-01T10:00',
    });
    const page = await call(
      h,
      'GET',
      '/events?near=38.72,-9.14&radiusKm=50&from=2030-04-30T00:00:00Z&to=2030-05-31T00:00:00Z',
      { who: host },
    );
    expect(page.status, page.text).toBe(200);
    const ids = page.body.events.map((e: { id: string }) => e.id);
    expect(ids).toContain(near);
    expect(ids).not.toContain(far);
    expect(page.body.events[0].distanceKm).toBeLessThan(5);
    expect(page.body.events[0].localStart).toBe('2030-05-01T10:00');
    expect(page.body.events[0].startsAt).toBe('2030-05-01T09:00:00.000Z');
  });
});
