import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminModerationDecided, type EventPayload } from '@mer/contracts';
import {
  REVIEWER_PERMS,
  approvedEvent,
  call,
  eventEnvelope,
  eventually,
  member,
  startHarness,
  type Harness,
  type TestMember,
} from './harness.ts';

/*
 * Reports of circles, events, circle posts, circle discussions and their replies (issue 20) on real PostgreSQL and NATS: the report is published with
 * its context for the admin's queue, and the admin's decision (admin.moderation.decided.v1, delivered twice by the
 * harness) is carried out here: hide, restore, delete.
 */

let h: Harness;
let reviewer: TestMember;

beforeAll(async () => {
  h = await startHarness();
  reviewer = await member(h, { perms: REVIEWER_PERMS });
}, 60_000);
afterAll(async () => h?.close());

async function approvedCircle(holder: TestMember, name = 'Moon circle'): Promise<string> {
  const created = await call(h, 'POST', '/circles', {
    who: holder,
    body: { name, description: 'We meet at the new moon', category: 'practice', joinPolicy: 'open' },
  });
  expect(created.status, created.text).toBe(201);
  await call(h, 'PUT', `/review/circles/${created.body.id}`, {
    who: reviewer,
    body: { decision: 'approved' },
  });
  return created.body.id as string;
}

const reported = (targetId: string) =>
  h.published.filter(
    (e) =>
      e.subject === 'events-circles.content.reported.v1' &&
      (e.payload as { targetId: string }).targetId === targetId,
  );

/** The admin's decision as the admin service publishes it. */
async function decide(
  targetType: 'circle' | 'event' | 'circle_post' | 'circle_discussion' | 'circle_discussion_reply',
  targetId: string,
  authorId: string,
  action: 'hide' | 'restore' | 'delete' | 'dismiss',
): Promise<void> {
  const decision: EventPayload<typeof AdminModerationDecided> = {
    decisionId: randomUUID(),
    itemId: randomUUID(),
    service: 'events-circles',
    targetType,
    targetId,
    authorId,
    action,
    note: null,
    decidedBy: reviewer.id,
    decidedAt: new Date().toISOString(),
    reporterIds: [],
    reporterMessage: 'Thank you for your report.',
    authorMessage: null,
  };
  await h.infra.bus.publish(eventEnvelope(AdminModerationDecided, decision));
}

describe('reports', () => {
  it('publishes a circle report once with its name as context; a repeat answers the existing report', async () => {
    const holder = await member(h);
    const reporter = await member(h);
    const circleId = await approvedCircle(holder, 'Tom & Jerry circle');
    const first = await call(h, 'POST', '/reports', {
      who: reporter,
      body: { targetType: 'circle', targetId: circleId, reason: 'Selling <b>pills</b>' },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body.alreadyReported).toBe(false);
    const again = await call(h, 'POST', '/reports', {
      who: reporter,
      body: { targetType: 'circle', targetId: circleId, reason: 'Again' },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ reportId: first.body.reportId, alreadyReported: true });
    await eventually(() => (reported(circleId).length > 0 ? true : undefined));
    const events = reported(circleId);
    expect(new Set(events.map((e) => e.id)).size).toBe(1);
    expect(events[0]!.payload).toMatchObject({
      reportId: first.body.reportId,
      targetType: 'circle',
      authorId: holder.id,
      reporterId: reporter.id,
      reason: 'Selling pills',
      reportCount: 1,
      context: 'Tom & Jerry circle',
    });
  });

  it('refuses members without a membership, their own content, posts of circles they are not in, and bad input', async () => {
    const holder = await member(h);
    const circleId = await approvedCircle(holder);
    const unpaid = await member(h, { paid: false });
    const body = { targetType: 'circle', targetId: circleId, reason: 'Spam' };
    expect((await call(h, 'POST', '/reports', { who: unpaid, body })).status).toBe(403);
    expect((await call(h, 'POST', '/reports', { body })).status).toBe(401);
    const own = await call(h, 'POST', '/reports', { who: holder, body });
    expect(own.status).toBe(400);
    expect(own.text).toContain('You cannot report your own content.');

    const post = await call(h, 'POST', `/circles/${circleId}/posts`, {
      who: holder,
      body: { content: 'Hello' },
    });
    expect(post.status, post.text).toBe(201);
    const outsider = await member(h);
    const notIn = await call(h, 'POST', '/reports', {
      who: outsider,
      body: { targetType: 'circle_post', targetId: post.body.id, reason: 'Spam' },
    });
    expect(notIn.status).toBe(403);

    const reporter = await member(h);
    for (const bad of [
      { targetType: 'member', targetId: circleId, reason: 'x' },
      { targetType: 'circle', targetId: 'not-a-uuid', reason: 'x' },
      { targetType: 'circle', targetId: circleId, reason: 'x'.repeat(501) },
      { targetType: 'circle', targetId: circleId, reason: 'x', extra: 1 },
      { targetType: 'circle', targetId: circleId, reason: '<script>alert(1)</script>' },
      { targetType: 'circle', targetId: circleId, reason: '   ' },
    ]) {
      const res = await call(h, 'POST', '/reports', { who: reporter, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const missing = await call(h, 'POST', '/reports', {
      who: reporter,
      body: { targetType: 'event', targetId: randomUUID(), reason: 'Spam' },
    });
    expect(missing.status).toBe(404);
  });

  it('hides a circle from members (its holder still sees it, marked), restores it, idempotently', async () => {
    const holder = await member(h);
    const other = await member(h);
    const circleId = await approvedCircle(holder, `Hidden ${randomUUID().slice(0, 6)}`);
    await decide('circle', circleId, holder.id, 'hide');
    await eventually(async () =>
      (await call(h, 'GET', `/circles/${circleId}`, { who: other })).status === 404 ? true : undefined,
    );
    const own = await call(h, 'GET', `/circles/${circleId}`, { who: holder });
    expect(own.status).toBe(200);
    expect(own.body.hidden).toBe(true);
    const listed = await call(h, 'GET', '/circles?limit=100', { who: other });
    expect(listed.body.circles.map((c: { id: string }) => c.id)).not.toContain(circleId);
    expect((await call(h, 'POST', `/circles/${circleId}/membership`, { who: other })).status).toBe(404);

    await decide('circle', circleId, holder.id, 'restore');
    await eventually(async () =>
      (await call(h, 'GET', `/circles/${circleId}`, { who: other })).status === 200 ? true : undefined,
    );
    expect((await call(h, 'GET', `/circles/${circleId}`, { who: other })).body.hidden).toBeUndefined();
  });

  it('hides and deletes a circle post; publishes the deletion', async () => {
    const holder = await member(h);
    const author = await member(h);
    const circleId = await approvedCircle(holder);
    await call(h, 'POST', `/circles/${circleId}/membership`, { who: author });
    const post = await call(h, 'POST', `/circles/${circleId}/posts`, {
      who: author,
      body: { content: '<p>Buy my <b>course</b></p><p>now</p>' },
    });
    expect(post.status, post.text).toBe(201);
    const res = await call(h, 'POST', '/reports', {
      who: holder,
      body: { targetType: 'circle_post', targetId: post.body.id, reason: 'Advertising' },
    });
    expect(res.status, res.text).toBe(201);
    await eventually(() => (reported(post.body.id).length > 0 ? true : undefined));
    expect(reported(post.body.id)[0]!.payload).toMatchObject({
      context: 'Buy my course now',
      authorId: author.id,
    });

    await decide('circle_post', post.body.id, author.id, 'hide');
    await eventually(async () => {
      const posts = await call(h, 'GET', `/circles/${circleId}/posts`, { who: holder });
      return posts.body.posts.some((p: { id: string }) => p.id === post.body.id) ? undefined : true;
    });
    const mine = await call(h, 'GET', `/circles/${circleId}/posts`, { who: author });
    expect(mine.body.posts.find((p: { id: string }) => p.id === post.body.id)?.hidden).toBe(true);

    await decide('circle_post', post.body.id, author.id, 'delete');
    await eventually(() =>
      h.published.some(
        (e) =>
          e.subject === 'events-circles.circle-post.deleted.v1' &&
          (e.payload as { postId: string }).postId === post.body.id,
      )
        ? true
        : undefined,
    );
    expect((await call(h, 'GET', `/circles/${circleId}/posts/${post.body.id}`, { who: author })).status).toBe(
      404,
    );
  });

  it('deletes an event: cancelled for its attendees, then gone; a redelivery changes nothing', async () => {
    const host = await member(h);
    const guest = await member(h);
    const eventId = await approvedEvent(h, host, reviewer, { title: 'Crystal sale' });
    expect(
      (await call(h, 'PUT', `/events/${eventId}/rsvp`, { who: guest, body: { status: 'going' } })).status,
    ).toBe(200);
    const res = await call(h, 'POST', '/reports', {
      who: guest,
      body: { targetType: 'event', targetId: eventId, reason: 'A sales pitch' },
    });
    expect(res.status, res.text).toBe(201);
    await eventually(() => (reported(eventId).length > 0 ? true : undefined));
    expect(reported(eventId)[0]!.payload).toMatchObject({ context: 'Crystal sale', authorId: host.id });

    await decide('event', eventId, host.id, 'delete');
    await eventually(async () =>
      (await call(h, 'GET', `/events/${eventId}`, { who: host })).status === 404 ? true : undefined,
    );
    const cancelled = h.published.filter(
      (e) =>
        e.subject === 'events-circles.event.cancelled.v1' &&
        (e.payload as { eventId: string }).eventId === eventId,
    );
    expect(new Set(cancelled.map((e) => e.id)).size).toBe(1);
    expect(cancelled[0]!.payload).toMatchObject({ attendeeIds: [guest.id], cancelledBy: reviewer.id });
  });

  it('reports a circle discussion and a reply with title, opening and place; hides, restores and deletes them', async () => {
    const holder = await member(h);
    const author = await member(h);
    const reader = await member(h);
    const circleName = `Forum ${randomUUID().slice(0, 6)}`;
    const circleId = await approvedCircle(holder, circleName);
    for (const m of [author, reader])
      expect((await call(h, 'POST', `/circles/${circleId}/membership`, { who: m })).status).toBe(200);
    const started = await call(h, 'POST', `/circles/${circleId}/discussions`, {
      who: author,
      body: { title: 'Cheap crystals here', body: '<p>Buy them</p>' },
    });
    expect(started.status, started.text).toBe(201);
    const discussionId = started.body.id as string;
    const replied = await call(h, 'POST', `/circles/${circleId}/discussions/${discussionId}/replies`, {
      who: author,
      body: { body: '<p>Only <b>today</b></p><p>50% off</p>' },
    });
    expect(replied.status, replied.text).toBe(201);
    const replyId = replied.body.id as string;

    // Hostile and wrong input first: a script-only reason is refused, an outsider cannot report the forum.
    const outsider = await member(h);
    const notIn = await call(h, 'POST', '/reports', {
      who: outsider,
      body: { targetType: 'circle_discussion', targetId: discussionId, reason: 'Spam' },
    });
    expect(notIn.status).toBe(403);
    for (const bad of [
      { targetType: 'circle_discussion', targetId: discussionId, reason: '<script>alert(1)</script>' },
      { targetType: 'circle_discussion_reply', targetId: 'nope', reason: 'Spam' },
      { targetType: 'circle_forum', targetId: discussionId, reason: 'Spam' },
    ]) {
      const res = await call(h, 'POST', '/reports', { who: reader, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (
        await call(h, 'POST', '/reports', {
          who: reader,
          body: { targetType: 'circle_discussion_reply', targetId: randomUUID(), reason: 'Spam' },
        })
      ).status,
    ).toBe(404);

    for (const [targetType, targetId] of [
      ['circle_discussion', discussionId],
      ['circle_discussion_reply', replyId],
    ] as const) {
      const res = await call(h, 'POST', '/reports', {
        who: reader,
        body: { targetType, targetId, reason: 'Advertising' },
      });
      expect(res.status, res.text).toBe(201);
    }
    await eventually(() =>
      reported(replyId).length > 0 && reported(discussionId).length > 0 ? true : undefined,
    );
    expect(reported(discussionId)[0]!.payload).toMatchObject({
      targetType: 'circle_discussion',
      authorId: author.id,
      context: 'Cheap crystals here',
      place: { circleId, circleName },
    });
    expect(reported(replyId)[0]!.payload).toMatchObject({
      targetType: 'circle_discussion_reply',
      context: 'Only today 50% off',
      place: { circleId, circleName, discussionId },
    });

    const page = (who: TestMember) =>
      call(h, 'GET', `/circles/${circleId}/discussions/${discussionId}`, { who });
    await decide('circle_discussion_reply', replyId, author.id, 'hide');
    await eventually(async () => ((await page(reader)).body.replies.length === 0 ? true : undefined));
    expect((await page(author)).body.replies[0]).toMatchObject({ id: replyId, hidden: true });
    await decide('circle_discussion_reply', replyId, author.id, 'restore');
    await eventually(async () => ((await page(reader)).body.replies.length === 1 ? true : undefined));

    await decide('circle_discussion', discussionId, author.id, 'hide');
    await eventually(async () => ((await page(reader)).status === 404 ? true : undefined));
    const listed = await call(h, 'GET', `/circles/${circleId}/discussions`, { who: reader });
    expect(listed.body.discussions.map((d: { id: string }) => d.id)).not.toContain(discussionId);
    expect((await page(author)).body.discussion.hidden).toBe(true);
    expect((await page(reviewer)).body.discussion.hidden).toBe(true);
    const replyToHidden = await call(h, 'POST', `/circles/${circleId}/discussions/${discussionId}/replies`, {
      who: reader,
      body: { body: 'hello?' },
    });
    expect(replyToHidden.status).toBe(404);

    await decide('circle_discussion_reply', replyId, author.id, 'delete');
    await eventually(async () => ((await page(author)).body.discussion.replyCount === 0 ? true : undefined));
    await decide('circle_discussion', discussionId, author.id, 'delete');
    await eventually(async () => ((await page(author)).status === 404 ? true : undefined));
  });

  it("a circle deleted by an admin's decision tells its other members (not the holder) once", async () => {
    const holder = await member(h);
    const a = await member(h);
    const b = await member(h);
    const name = `Removed ${randomUUID().slice(0, 6)}`;
    const circleId = await approvedCircle(holder, name);
    for (const m of [a, b])
      expect((await call(h, 'POST', `/circles/${circleId}/membership`, { who: m })).status).toBe(200);
    await decide('circle', circleId, holder.id, 'delete');
    await eventually(async () =>
      (await call(h, 'GET', `/circles/${circleId}`, { who: holder })).status === 404 ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const deleted = h.published.filter(
      (e) =>
        e.subject === 'events-circles.circle.deleted.v1' &&
        (e.payload as { circleId: string }).circleId === circleId,
    );
    expect(new Set(deleted.map((e) => e.id)).size).toBe(1);
    expect(deleted[0]!.payload).toMatchObject({ name, holderId: holder.id, deletedBy: reviewer.id });
    expect([...(deleted[0]!.payload as { memberIds: string[] }).memberIds].sort()).toEqual(
      [a.id, b.id].sort(),
    );
  });

  it("counts only what a member sees after a hide, and announces each forum decision to the circle's members", async () => {
    const holder = await member(h);
    const author = await member(h);
    const reader = await member(h);
    const circleId = await approvedCircle(holder, `Counted ${randomUUID().slice(0, 6)}`);
    for (const m of [author, reader])
      expect((await call(h, 'POST', `/circles/${circleId}/membership`, { who: m })).status).toBe(200);
    const topic = await call(h, 'POST', `/circles/${circleId}/forum`, {
      who: holder,
      body: { title: 'Practices' },
    });
    expect(topic.status, topic.text).toBe(201);
    const topicId = topic.body.id as string;
    const start = async (title: string) => {
      const res = await call(h, 'POST', `/circles/${circleId}/discussions`, {
        who: author,
        body: { topicId, title, body: '<p>Hello</p>' },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const kept = await start('Breath');
    const toHide = await start('Cheap crystals');
    await call(h, 'POST', `/circles/${circleId}/discussions/${kept}/replies`, {
      who: reader,
      body: { body: 'Yes' },
    });
    const replied = await call(h, 'POST', `/circles/${circleId}/discussions/${kept}/replies`, {
      who: author,
      body: { body: 'Buy now' },
    });
    const replyId = replied.body.id as string;

    const figures = async (who: TestMember) => {
      const about = (await call(h, 'GET', `/circles/${circleId}/about`, { who })).body;
      const topics = (await call(h, 'GET', `/circles/${circleId}/forum`, { who })).body.topics;
      const listed = (await call(h, 'GET', `/circles/${circleId}/discussions`, { who })).body.discussions;
      const inTopic = (await call(h, 'GET', `/circles/${circleId}/forum/${topicId}`, { who })).body;
      return {
        discussions: about.discussionCount as number,
        inTopic: topics.find((t: { id: string }) => t.id === topicId).discussionCount as number,
        topicPage: inTopic.topic.discussionCount as number,
        replies: listed.find((d: { id: string }) => d.id === kept).replyCount as number,
      };
    };
    expect(await figures(reader)).toEqual({ discussions: 2, inTopic: 2, topicPage: 2, replies: 2 });

    await decide('circle_discussion', toHide, author.id, 'hide');
    await decide('circle_discussion_reply', replyId, author.id, 'hide');
    await eventually(async () => ((await figures(reader)).replies === 1 ? true : undefined));
    expect(await figures(reader)).toEqual({ discussions: 1, inTopic: 1, topicPage: 1, replies: 1 });
    // Its author and reviewers still see both, marked, and count them as the lists show them.
    expect(await figures(author)).toEqual({ discussions: 2, inTopic: 2, topicPage: 2, replies: 2 });
    expect(await figures(reviewer)).toEqual({ discussions: 2, inTopic: 2, topicPage: 2, replies: 2 });

    await decide('circle_discussion_reply', replyId, author.id, 'delete');
    await eventually(async () => ((await figures(author)).replies === 1 ? true : undefined));

    const announced = (id: string) =>
      h.published.filter(
        (e) =>
          e.subject === 'events-circles.content.moderated.v1' &&
          (e.payload as { targetId: string }).targetId === id,
      );
    await eventually(() => (announced(replyId).length === 2 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(announced(replyId).map((e) => (e.payload as { change: string }).change)).toEqual([
      'hidden',
      'deleted',
    ]);
    expect(announced(toHide)).toHaveLength(1);
    expect(announced(replyId)[0]!.payload).toMatchObject({
      targetType: 'circle_discussion_reply',
      authorId: author.id,
      circleId,
      discussionId: kept,
    });
    expect(announced(toHide)[0]!.payload).toMatchObject({ circleId, discussionId: toHide, change: 'hidden' });
    expect([...(announced(toHide)[0]!.payload as { memberIds: string[] }).memberIds].sort()).toEqual(
      [holder.id, author.id, reader.id].sort(),
    );
  });
});
