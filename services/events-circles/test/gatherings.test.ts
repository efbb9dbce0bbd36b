import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEWER_PERMS,
  call,
  eventBody,
  eventually,
  member,
  startHarness,
  LISBON,
  type Harness,
  type TestMember,
} from './harness.ts';

/*
 * The journey on the service: a circle is created and approved, members join, the holder creates a weekly
 * meetup series with capacity 2 across Lisbon's 2027 spring change (28 March), three members answer one
 * occurrence, the third waits and is promoted when one cancels; the .ics and the subscribed feed parse with a
 * calendar parser (ical.js) to 19:00 Lisbon time on both sides of the change; reminders go out once, 1 hour before,
 * on a controllable clock, across a restart.
 */

const OPERATOR_KEY = 'operator-key-for-tests-only-000';
let h: Harness;
let holder: TestMember;
let reviewer: TestMember;
let members: TestMember[];
let circleId: string;
let meetupId: string;
let occurrences: { id: string; startsAt: string; localStart: string }[];

beforeAll(async () => {
  h = await startHarness({ TEST_CLOCK: 'true', OPERATOR_KEY });
  holder = await member(h);
  reviewer = await member(h, { perms: REVIEWER_PERMS });
  members = [await member(h), await member(h), await member(h)];
}, 60_000);
afterAll(async () => h?.close());

/** Local wall-clock readings of every instance of every VEVENT, through ical.js's own time-zone handling. */
function localTimes(ics: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const out: string[] = [];
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    if (!event.isRecurring()) {
      out.push(
        `${event.startDate.toString().slice(0, 16)} ${event.startDate.zone?.tzid} ${event.startDate.toJSDate().toISOString()}`,
      );
      continue;
    }
    const it = event.iterator();
    for (let next = it.next(); next && out.length < 50; next = it.next())
      out.push(`${next.toString().slice(0, 16)} ${next.zone?.tzid} ${next.toJSDate().toISOString()}`);
  }
  return out.sort();
}

describe('a circle with a weekly meetup series', () => {
  it('is created, waits for approval, is approved and joined', async () => {
    const created = await call(h, 'POST', '/circles', {
      who: holder,
      body: {
        name: 'Lisbon Breath',
        description: '<p>Breathwork by the river</p>',
        category: 'healing',
        joinPolicy: 'open',
        city: LISBON,
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ approvalStatus: 'pending', myStanding: 'holder', memberCount: 1 });
    circleId = created.body.id;
    const listed = await call(h, 'GET', '/circles', { who: members[0] });
    expect(listed.body.circles.map((c: { id: string }) => c.id)).not.toContain(circleId);
    expect((await call(h, 'POST', `/circles/${circleId}/membership`, { who: members[0] })).status).toBe(404);
    expect(
      (await call(h, 'PUT', `/review/circles/${circleId}`, { who: holder, body: { decision: 'approved' } }))
        .status,
    ).toBe(403);
    const approved = await call(h, 'PUT', `/review/circles/${circleId}`, {
      who: reviewer,
      body: { decision: 'approved' },
    });
    expect(approved.body.approvalStatus).toBe('approved');
    for (const m of members) {
      const joined = await call(h, 'POST', `/circles/${circleId}/membership`, { who: m });
      expect(joined.body.standing).toBe('member');
    }
    expect((await call(h, 'GET', `/circles/${circleId}`, { who: members[0] })).body.memberCount).toBe(4);
    const list = (await call(h, 'GET', `/circles/${circleId}/members`, { who: members[0] })).body.members;
    expect(list[0]).toMatchObject({ role: 'holder', member: { userId: holder.id } });
    await eventually(() =>
      h.published.filter(
        (e) =>
          e.subject === 'events-circles.circle-member.joined.v1' &&
          (e.payload as { circleId: string }).circleId === circleId,
      ).length === 3
        ? true
        : undefined,
    );
  });

  it('expands the weekly series in Lisbon time across the daylight-saving change', async () => {
    const plain = await call(h, 'POST', `/circles/${circleId}/meetups`, {
      who: members[0],
      body: {
        title: 'x',
        description: 'y',
        type: 'online',
        onlineUrl: 'https://meet.example/x',
        timeZone: 'Europe/Lisbon',
        localStart: '2027-03-16T19:00',
        localEnd: '2027-03-16T20:00',
      },
    });
    expect(plain.status).toBe(403);
    const created = await call(h, 'POST', `/circles/${circleId}/meetups`, {
      who: holder,
      body: {
        title: 'Tuesday breath',
        description: '<p>Weekly breathwork</p>',
        type: 'in_person',
        city: LISBON,
        address: 'Jardim da Estrela',
        localStart: '2027-03-16T19:00',
        localEnd: '2027-03-16T20:30',
        capacity: 2,
        recurrence: { frequency: 'weekly', weekdays: ['TU'], count: 4 },
      },
    });
    expect(created.status, created.text).toBe(201);
    meetupId = created.body.meetup.id;
    expect(created.body.meetup.rrule).toBe('FREQ=WEEKLY;INTERVAL=1;WKST=MO;BYDAY=TU;COUNT=4');
    occurrences = created.body.occurrences;
    expect(occurrences.map((o) => o.localStart)).toEqual([
      '2027-03-16T19:00',
      '2027-03-23T19:00',
      '2027-03-30T19:00',
      '2027-04-06T19:00',
    ]);
    expect(occurrences.map((o) => o.startsAt)).toEqual([
      '2027-03-16T19:00:00.000Z',
      '2027-03-23T19:00:00.000Z',
      '2027-03-30T18:00:00.000Z',
      '2027-04-06T18:00:00.000Z',
    ]);
  });

  it('takes two per occurrence, waitlists the third and promotes them when one cancels', async () => {
    const [a, b, c] = members as [TestMember, TestMember, TestMember];
    const second = occurrences[1]!.id;
    const rsvp = (who: TestMember, status: 'going' | 'not_going', id = second) =>
      call(h, 'PUT', `/meetups/${meetupId}/occurrences/${id}/rsvp`, { who, body: { status } });
    expect((await rsvp(a, 'going')).body.attendance.myStatus).toBe('going');
    expect((await rsvp(b, 'going')).body.attendance).toMatchObject({ myStatus: 'going', spotsLeft: 0 });
    expect((await rsvp(c, 'going')).body.attendance).toMatchObject({
      myStatus: 'waitlisted',
      myWaitlistPosition: 1,
    });
    expect((await rsvp(b, 'not_going')).body.attendance).toMatchObject({ goingCount: 2, waitlistCount: 0 });
    const mine = (await call(h, 'GET', `/meetups/${meetupId}`, { who: c })).body.occurrences[1];
    expect(mine.attendance.myStatus).toBe('going');
    await eventually(() =>
      h.published.find(
        (e) =>
          e.subject === 'events-circles.waitlist.promoted.v1' &&
          (e.payload as { userId: string }).userId === c.id,
      ),
    );
    // The third occurrence (after the change) too, for the calendar.
    expect((await rsvp(c, 'going', occurrences[2]!.id)).body.attendance.myStatus).toBe('going');
    const outsider = await member(h);
    expect((await rsvp(outsider, 'going')).status).toBe(403);
  });

  it('gives .ics files and a private feed that a calendar reads as 19:00 in Lisbon on both sides of the change', async () => {
    const c = members[2]!;
    const series = await call(h, 'GET', `/meetups/${meetupId}/calendar.ics`, { who: c });
    expect(series.status).toBe(200);
    expect(series.text).toContain('BEGIN:VTIMEZONE');
    expect(series.text).toContain('RRULE:FREQ=WEEKLY');
    expect(localTimes(series.text)).toEqual([
      '2027-03-16T19:00 Europe/Lisbon 2027-03-16T19:00:00.000Z',
      '2027-03-23T19:00 Europe/Lisbon 2027-03-23T19:00:00.000Z',
      '2027-03-30T19:00 Europe/Lisbon 2027-03-30T18:00:00.000Z',
      '2027-04-06T19:00 Europe/Lisbon 2027-04-06T18:00:00.000Z',
    ]);

    const feed = await call(h, 'GET', '/me/calendar-feed', { who: c });
    expect(feed.body.url).toMatch(
      /^http:\/\/mer\.test\/api\/v1\/events-circles\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    const path = new URL(feed.body.url).pathname.replace('/api/v1/events-circles', '');
    const subscribed = await call(h, 'GET', path);
    expect(subscribed.status).toBe(200);
    // Only the two occurrences the member goes to, from the series' RRULE with the others as EXDATE.
    expect(localTimes(subscribed.text)).toEqual([
      '2027-03-23T19:00 Europe/Lisbon 2027-03-23T19:00:00.000Z',
      '2027-03-30T19:00 Europe/Lisbon 2027-03-30T18:00:00.000Z',
    ]);
    expect(subscribed.text).toContain('Jardim da Estrela');

    const reset = await call(h, 'POST', '/me/calendar-feed/reset', { who: c });
    expect(reset.body.url).not.toBe(feed.body.url);
    expect((await call(h, 'GET', path)).status).toBe(404);

    // One event's .ics: the place's zone, the address only for those going.
    const event = await call(h, 'POST', '/events', {
      who: holder,
      body: eventBody({ localStart: '2027-10-31T10:00', localEnd: '2027-10-31T12:00' }),
    });
    await call(h, 'PUT', `/review/events/${event.body.id}`, {
      who: reviewer,
      body: { decision: 'approved' },
    });
    const ics = await call(h, 'GET', `/events/${event.body.id}/calendar.ics`, { who: c });
    expect(ics.text).not.toContain('Rua da Paz');
    expect(localTimes(ics.text)).toEqual(['2027-10-31T10:00 Europe/Lisbon 2027-10-31T10:00:00.000Z']);
  });

  it('sends each reminder once, 1 hour before, on a controllable clock and across a restart', async () => {
    const [a, , c] = members as [TestMember, TestMember, TestMember];
    const second = occurrences[1]!;
    const remindersOf = (targetId: string) =>
      h.published.filter(
        (e) =>
          e.subject === 'events-circles.reminder.due.v1' &&
          (e.payload as { targetId: string }).targetId === targetId,
      );
    h.setNow(new Date(Date.parse(second.startsAt) - 61 * 60_000));
    await new Promise((r) => setTimeout(r, 600));
    expect(remindersOf(second.id)).toHaveLength(0);
    h.setNow(new Date(Date.parse(second.startsAt) - 59 * 60_000));
    await eventually(() => (remindersOf(second.id).length === 2 ? true : undefined));
    expect(
      remindersOf(second.id)
        .map((e) => (e.payload as { userId: string }).userId)
        .sort(),
    ).toEqual([a.id, c.id].sort());
    expect(remindersOf(second.id)[0]!.payload).toMatchObject({
      reminderMinutes: 60,
      title: 'Tuesday breath',
      circleName: 'Lisbon Breath',
    });

    // The third occurrence's reminder is due while the service is down: after the restart it goes out once, even
    // with the operators' run racing the scheduler.
    const third = occurrences[2]!;
    h.setNow(new Date(Date.parse(second.startsAt) + 60_000));
    await h.restart();
    h.setNow(new Date(Date.parse(third.startsAt) - 30 * 60_000));
    // The operators' run (with the test clock) racing the scheduler: FOR UPDATE SKIP LOCKED gives each row to one.
    const runs = await Promise.all(
      [1, 2, 3].map(() =>
        fetch(`${h.service.url}/api/v1/events-circles/ops/reminders/run`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-operator-key': OPERATOR_KEY },
          body: JSON.stringify({ now: new Date(Date.parse(third.startsAt) - 30 * 60_000).toISOString() }),
        }).then((r) => r.json() as Promise<{ sent: number }>),
      ),
    );
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBeLessThanOrEqual(1);
    await eventually(() => (remindersOf(third.id).length >= 1 ? true : undefined));
    await new Promise((r) => setTimeout(r, 800));
    expect(remindersOf(third.id).map((e) => (e.payload as { userId: string }).userId)).toEqual([c.id]);
    const row = await h.service.context.db
      .selectFrom('reminders')
      .selectAll()
      .where('target_id', '=', third.id)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
  });
});
