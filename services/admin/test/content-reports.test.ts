import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventEnvelope, eventually } from '@mer/service-runtime/testing';
import {
  CirclesContentReported,
  FeedContentReported,
  MessageReported,
  type ModerationItem,
} from '@mer/contracts';
import { call, startAdminHarness, type AdminHarness } from './harness.ts';

// Reports from events-circles and messaging (issue 20) on real PostgreSQL and NATS: into the same queue with their context, each
// once however often delivered; the decision goes out for events-circles to carry out, in plain words.

let h: AdminHarness;
let admin: string;
let adminId: string;

beforeAll(async () => {
  h = await startAdminHarness();
  adminId = randomUUID();
  admin = await h.tokens.token({ sub: adminId, perms: ['communities_update'] });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

async function queue(): Promise<ModerationItem[]> {
  const res = await call(h, 'GET', '/api/v1/admin/moderation?status=open&limit=100', { token: admin });
  expect(res.status).toBe(200);
  return res.body.items;
}

function circlesReport(
  targetType: 'circle' | 'event' | 'circle_post',
  targetId: string,
  authorId: string,
  context: string,
  reportCount = 1,
) {
  return eventEnvelope(CirclesContentReported, {
    reportId: randomUUID(),
    targetType,
    targetId,
    authorId,
    reporterId: randomUUID(),
    reason: 'Advertising',
    reportCount,
    context,
  });
}

describe('reports from events-circles', () => {
  it('queues a circle post with its context, each report once, and publishes the decision for events-circles', async () => {
    const postId = randomUUID();
    const authorId = randomUUID();
    const first = circlesReport('circle_post', postId, authorId, 'Buy my course now', 1);
    const second = circlesReport('circle_post', postId, authorId, 'Buy my course now', 2);
    for (const report of [first, first, second, second]) await h.infra.bus.publish(report);
    const item = await eventually(async () =>
      (await queue()).find((i) => i.targetId === postId && i.reportCount === 2),
    );
    expect(item).toMatchObject({
      service: 'events-circles',
      targetType: 'circle_post',
      authorId,
      context: 'Buy my course now',
      status: 'open',
    });
    expect(item.reports).toHaveLength(2);

    const decided = await call(h, 'POST', `/api/v1/admin/moderation/${item.id}/decisions`, {
      token: admin,
      body: { action: 'hide', note: 'No advertising' },
    });
    expect(decided.status).toBe(200);
    const event = await eventually(() =>
      h.published.find(
        (e) => e.subject === 'admin.moderation.decided.v1' && (e.payload as any).itemId === item.id,
      ),
    );
    expect(event.payload).toMatchObject({
      service: 'events-circles',
      targetType: 'circle_post',
      targetId: postId,
      authorId,
      action: 'hide',
      reporterMessage:
        'Thank you for your report. We reviewed the circle post you reported and hid it from the community.',
      authorMessage:
        'Your circle post was hidden by a moderator because it breaks our community guidelines. Reason: No advertising',
    });
    expect(new Set((event.payload as any).reporterIds)).toEqual(
      new Set([first.payload.reporterId, second.payload.reporterId]),
    );
  });

  it('shows the newest context of a reported circle, and reported events', async () => {
    const circleId = randomUUID();
    const holderId = randomUUID();
    await h.infra.bus.publish(circlesReport('circle', circleId, holderId, 'Moon circle'));
    await h.infra.bus.publish(circlesReport('circle', circleId, holderId, 'Full moon circle', 2));
    const item = await eventually(async () =>
      (await queue()).find((i) => i.targetId === circleId && i.reportCount === 2),
    );
    expect(item).toMatchObject({ targetType: 'circle', context: 'Full moon circle' });

    const eventId = randomUUID();
    await h.infra.bus.publish(circlesReport('event', eventId, holderId, 'Crystal sale'));
    const event = await eventually(async () => (await queue()).find((i) => i.targetId === eventId));
    expect(event).toMatchObject({ service: 'events-circles', targetType: 'event', context: 'Crystal sale' });
  });

  it('sanitises hostile context before it reaches the queue', async () => {
    const postId = randomUUID();
    await h.infra.bus.publish(
      circlesReport(
        'circle_post',
        postId,
        randomUUID(),
        '<img src=x onerror=alert(1)>Hello <script>alert(1)</script>',
      ),
    );
    const item = await eventually(async () => (await queue()).find((i) => i.targetId === postId));
    expect(item.context).toBe('Hello');
  });
});

describe('reports from messaging', () => {
  it('queues a message with its text alone; it can be removed, not restored', async () => {
    const messageId = randomUUID();
    const senderId = randomUUID();
    const report = eventEnvelope(MessageReported, {
      reportId: randomUUID(),
      targetType: 'message',
      targetId: messageId,
      authorId: senderId,
      reporterId: randomUUID(),
      reason: 'Scam',
      reportCount: 1,
      context: 'Send me your bank details',
    });
    await h.infra.bus.publish(report);
    await h.infra.bus.publish(report);
    const item = await eventually(async () => (await queue()).find((i) => i.targetId === messageId));
    expect(item).toMatchObject({
      service: 'messaging',
      targetType: 'message',
      authorId: senderId,
      context: 'Send me your bank details',
      reportCount: 1,
    });
    expect(item.reports).toHaveLength(1);

    const restore = await call(h, 'POST', `/api/v1/admin/moderation/${item.id}/decisions`, {
      token: admin,
      body: { action: 'restore' },
    });
    expect(restore.status).toBe(400);
    const removed = await call(h, 'POST', `/api/v1/admin/moderation/${item.id}/decisions`, {
      token: admin,
      body: { action: 'delete' },
    });
    expect(removed.status).toBe(200);
    const event = await eventually(() =>
      h.published.find(
        (e) => e.subject === 'admin.moderation.decided.v1' && (e.payload as any).itemId === item.id,
      ),
    );
    expect(event.payload).toMatchObject({
      service: 'messaging',
      targetType: 'message',
      targetId: messageId,
      action: 'delete',
      reporterMessage: 'Thank you for your report. We reviewed the message you reported and removed it.',
      authorMessage: 'Your message was removed by a moderator because it breaks our community guidelines.',
    });
  });
});

describe('reports of discussions and replies (feed and circle forums)', () => {
  it('queues them with their title or opening and place; only a moderation permission decides', async () => {
    const discussionId = randomUUID();
    const replyId = randomUUID();
    const authorId = randomUUID();
    const feedReply = eventEnvelope(FeedContentReported, {
      reportId: randomUUID(),
      targetType: 'discussion_reply',
      targetId: replyId,
      authorId,
      reporterId: randomUUID(),
      reason: 'Spam',
      reportCount: 1,
      context: 'Buy my moon water',
      place: { discussionId },
    });
    await h.infra.bus.publish(feedReply);
    await h.infra.bus.publish(feedReply);
    const circleId = randomUUID();
    const circleDiscussionId = randomUUID();
    await h.infra.bus.publish(
      eventEnvelope(CirclesContentReported, {
        reportId: randomUUID(),
        targetType: 'circle_discussion',
        targetId: circleDiscussionId,
        authorId,
        reporterId: randomUUID(),
        reason: 'Advertising',
        reportCount: 1,
        context: 'Cheap crystals here',
        // A hostile circle name is plain text by the time the queue shows it.
        place: { circleId, circleName: 'Dawn <script>alert(1)</script>sitters' },
      }),
    );
    const reply = await eventually(async () => (await queue()).find((i) => i.targetId === replyId));
    expect(reply).toMatchObject({
      service: 'community-feed',
      targetType: 'discussion_reply',
      context: 'Buy my moon water',
      place: { discussionId },
      reportCount: 1,
    });
    const discussion = await eventually(async () =>
      (await queue()).find((i) => i.targetId === circleDiscussionId),
    );
    expect(discussion).toMatchObject({
      service: 'events-circles',
      targetType: 'circle_discussion',
      context: 'Cheap crystals here',
      place: { circleId, circleName: 'Dawn sitters' },
    });

    // A member, or a member with an unrelated permission, cannot decide on them.
    for (const perms of [[], ['users_update']]) {
      const token = await h.tokens.token({ sub: randomUUID(), perms });
      const res = await call(h, 'POST', `/api/v1/admin/moderation/${discussion.id}/decisions`, {
        token,
        body: { action: 'delete' },
      });
      expect(res.status).toBe(403);
      expect(res.body.error.title).toBe('Permission Denied');
    }

    const dismissed = await call(h, 'POST', `/api/v1/admin/moderation/${reply.id}/decisions`, {
      token: admin,
      body: { action: 'dismiss' },
    });
    expect(dismissed.status).toBe(200);
    const deleted = await call(h, 'POST', `/api/v1/admin/moderation/${discussion.id}/decisions`, {
      token: admin,
      body: { action: 'delete' },
    });
    expect(deleted.status).toBe(200);
    const decisions = await eventually(() => {
      const found = h.published.filter(
        (e) =>
          e.subject === 'admin.moderation.decided.v1' &&
          [reply.id, discussion.id].includes((e.payload as any).itemId),
      );
      return found.length === 2 ? found : undefined;
    });
    const byItem = new Map(decisions.map((e) => [(e.payload as any).itemId, e.payload]));
    expect(byItem.get(reply.id)).toMatchObject({
      service: 'community-feed',
      targetType: 'discussion_reply',
      action: 'dismiss',
      reporterMessage:
        'Thank you for your report. We reviewed the reply you reported and found that it does not break our community guidelines.',
      authorMessage: null,
    });
    expect(byItem.get(discussion.id)).toMatchObject({
      service: 'events-circles',
      targetType: 'circle_discussion',
      action: 'delete',
      reporterMessage: 'Thank you for your report. We reviewed the discussion you reported and removed it.',
    });
  });
});
