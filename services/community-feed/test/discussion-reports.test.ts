import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@mer/service-runtime/testing';
import { type Discussion, type DiscussionReply } from '@mer/contracts';
import {
  call,
  eventsOf,
  member,
  moderationDecision,
  startFeed,
  type FeedHarness,
  type TestMember,
} from './harness.ts';

// Reports of discussions and their replies (issue 20) on real PostgreSQL and the bus: the report with its context,
// the 3-reporter auto-hide, what members, the author and moderators see of a hidden one, and the admin's decisions
// (admin.moderation.decided.v1, delivered twice by the harness) carried out once each.

let h: FeedHarness;

beforeAll(async () => {
  h = await startFeed();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const open = async (who: TestMember, title: string) => {
  const res = await call(h, 'POST', '/discussions', {
    who,
    body: { title, body: '<p>Let us <b>talk</b> about it.</p>' },
  });
  expect(res.status).toBe(201);
  return res.body as Discussion;
};
const reply = async (who: TestMember, discussionId: string, body: string) => {
  const res = await call(h, 'POST', `/discussions/${discussionId}/replies`, { who, body: { body } });
  expect(res.status).toBe(201);
  return res.body as DiscussionReply;
};
const report = (who: TestMember, targetType: string, targetId: string, reason = 'Spam or misleading') =>
  call(h, 'POST', '/reports', { who, body: { targetType, targetId, reason } });
const listed = async (who: TestMember) =>
  ((await call(h, 'GET', '/discussions', { who })).body as { discussions: Discussion[] }).discussions;
const read = (who: TestMember, id: string) => call(h, 'GET', `/discussions/${id}`, { who });

describe('reports of discussions and replies', () => {
  it('publishes a report with the title or the reply opening as context; one per member; not of one own', async () => {
    const author = await member(h);
    const replier = await member(h);
    const reporter = await member(h);
    const d = await open(author, `Moon water ${randomUUID().slice(0, 6)}`);
    const r = await reply(replier, d.id, '<p>Buy my <i>moon water</i> now</p><p>cheap</p>');

    const first = await report(reporter, 'discussion', d.id);
    expect(first.status).toBe(201);
    expect(first.body.hidden).toBe(false);
    expect((await report(reporter, 'discussion', d.id)).status).toBe(201);
    expect((await report(author, 'discussion', d.id)).status).toBe(400);
    expect((await report(reporter, 'discussion_reply', r.id)).status).toBe(201);

    const reported = await eventually(() => {
      const found = eventsOf(h, 'community-feed.content.reported.v1', { targetId: d.id });
      return found.length ? found : undefined;
    });
    expect(reported).toHaveLength(1);
    expect(reported[0]!.payload).toMatchObject({
      targetType: 'discussion',
      authorId: author.id,
      reporterId: reporter.id,
      reportCount: 1,
      context: d.title,
    });
    const ofReply = await eventually(() =>
      eventsOf(h, 'community-feed.content.reported.v1', { targetId: r.id }).at(0),
    );
    expect(ofReply.payload).toMatchObject({
      targetType: 'discussion_reply',
      authorId: replier.id,
      context: 'Buy my moon water now cheap',
      place: { discussionId: d.id },
    });
  });

  it('refuses hostile and unknown input: a script in the reason is stripped, unknown targets are 404', async () => {
    const author = await member(h);
    const reporter = await member(h);
    const d = await open(author, 'A quiet thread');
    const hostile = await report(reporter, 'discussion', d.id, '<script>alert(1)</script>Spam');
    expect(hostile.status).toBe(201);
    const event = await eventually(() =>
      eventsOf(h, 'community-feed.content.reported.v1', { targetId: d.id }).at(0),
    );
    expect((event.payload as { reason: string }).reason).toBe('Spam');
    expect((await report(reporter, 'discussion', randomUUID())).status).toBe(404);
    expect((await report(reporter, 'discussion_reply', randomUUID())).status).toBe(404);
    expect((await report(reporter, 'discussion_thread', d.id)).status).toBe(400);
    expect((await report(reporter, 'discussion', 'not-a-uuid')).status).toBe(400);
  });

  it('hides a discussion at 3 reporters: gone for members, shown marked to its author and moderators', async () => {
    const author = await member(h);
    const moderator = await member(h, { perms: ['communities_update'] });
    const reporters = [await member(h), await member(h), await member(h)];
    const d = await open(author, `Three voices ${randomUUID().slice(0, 6)}`);
    const receipts = [];
    for (const r of reporters) receipts.push((await report(r, 'discussion', d.id)).body);
    expect(receipts.map((r) => r.hidden)).toEqual([false, false, true]);
    await eventually(() => eventsOf(h, 'community-feed.content.auto-hidden.v1', { targetId: d.id }).at(0));

    const reader = await member(h);
    expect((await listed(reader)).map((x) => x.id)).not.toContain(d.id);
    expect((await read(reader, d.id)).status).toBe(404);
    expect(
      (await call(h, 'POST', `/discussions/${d.id}/replies`, { who: reader, body: { body: 'hi' } })).status,
    ).toBe(404);
    const own = (await listed(author)).find((x) => x.id === d.id);
    expect(own?.hidden).toBe(true);
    expect((await read(moderator, d.id)).body.discussion.hidden).toBe(true);
  });

  it("carries out the admin's hide, restore and delete of a reply and a discussion, once each", async () => {
    const author = await member(h);
    const replier = await member(h);
    const reader = await member(h);
    const d = await open(author, `To moderate ${randomUUID().slice(0, 6)}`);
    const r = await reply(replier, d.id, 'a reply to review');

    await h.infra.bus.publish(
      moderationDecision('hide', { type: 'discussion_reply', id: r.id, authorId: replier.id }),
    );
    await eventually(async () => ((await read(reader, d.id)).body.replies.length === 0 ? true : undefined));
    // Its author still sees it, marked.
    const mine = (await read(replier, d.id)).body.replies as DiscussionReply[];
    expect(mine.map((x) => [x.id, x.hidden])).toEqual([[r.id, true]]);

    await h.infra.bus.publish(
      moderationDecision('restore', { type: 'discussion_reply', id: r.id, authorId: replier.id }),
    );
    await eventually(async () => ((await read(reader, d.id)).body.replies.length === 1 ? true : undefined));
    await h.infra.bus.publish(
      moderationDecision('delete', { type: 'discussion_reply', id: r.id, authorId: replier.id }),
    );
    await eventually(async () =>
      (await read(replier, d.id)).body.discussion.replyCount === 0 ? true : undefined,
    );

    await h.infra.bus.publish(
      moderationDecision('hide', { type: 'discussion', id: d.id, authorId: author.id }),
    );
    await eventually(async () => ((await read(reader, d.id)).status === 404 ? true : undefined));
    await h.infra.bus.publish(
      moderationDecision('delete', { type: 'discussion', id: d.id, authorId: author.id }),
    );
    await eventually(async () => ((await read(author, d.id)).status === 404 ? true : undefined));

    // The harness delivers every event twice: one announcement per decision.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const changes = (id: string) =>
      eventsOf(h, 'community-feed.content.moderated.v1', { targetId: id }).map(
        (e) => (e.payload as { change: string }).change,
      );
    expect(changes(r.id)).toEqual(['hidden', 'restored', 'deleted']);
    expect(changes(d.id)).toEqual(['hidden', 'deleted']);
  });

  it('counts only the replies a viewer sees: a hidden reply counts for its author and moderators, not members', async () => {
    const author = await member(h);
    const replier = await member(h);
    const reader = await member(h);
    const moderator = await member(h, { perms: ['communities_update'] });
    const d = await open(author, `Counted ${randomUUID().slice(0, 6)}`);
    await reply(reader, d.id, 'a kind reply');
    const r = await reply(replier, d.id, 'a reply to hide');
    const countFor = async (who: TestMember) => (await listed(who)).find((x) => x.id === d.id)?.replyCount;
    expect(await countFor(reader)).toBe(2);

    await h.infra.bus.publish(
      moderationDecision('hide', { type: 'discussion_reply', id: r.id, authorId: replier.id }),
    );
    await eventually(async () => ((await countFor(reader)) === 1 ? true : undefined));
    expect((await read(reader, d.id)).body.discussion.replyCount).toBe(1);
    expect(await countFor(replier)).toBe(2);
    expect(await countFor(moderator)).toBe(2);
    expect((await read(moderator, d.id)).body.discussion.replyCount).toBe(2);

    await h.infra.bus.publish(
      moderationDecision('delete', { type: 'discussion_reply', id: r.id, authorId: replier.id }),
    );
    await eventually(async () => ((await countFor(moderator)) === 1 ? true : undefined));
    expect(await countFor(reader)).toBe(1);
    expect(await countFor(replier)).toBe(1);
  });
});
