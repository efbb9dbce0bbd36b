import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@mer/service-runtime/testing';
import { type FeedPage, type Post } from '@mer/contracts';
import {
  call,
  eventsOf,
  member,
  moderationDecision,
  startFeed,
  type FeedHarness,
  type TestMember,
} from './harness.ts';

// The admin's decisions (admin.moderation.decided.v1, delivered twice by the harness) carried out by the feed on
// its own content, each announced as community-feed.content.moderated.v1 for members' open feeds.

let h: FeedHarness;

beforeAll(async () => {
  h = await startFeed();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const post = async (who: TestMember, content: string) => {
  const res = await call(h, 'POST', '/posts', { who, body: { topic: 'general', content } });
  expect(res.status).toBe(201);
  return res.body as Post;
};
const feedIds = async (who: TestMember) =>
  ((await call(h, 'GET', '/posts?limit=50', { who })).body as FeedPage).posts.map((p) => p.id);

describe("the admin's moderation decisions", () => {
  it('hides a post from the feed, restores it, then deletes it; each change published once', async () => {
    const author = await member(h);
    const reader = await member(h);
    const p = await post(author, 'something to review');
    expect(await feedIds(reader)).toContain(p.id);

    const hide = moderationDecision('hide', { type: 'post', id: p.id, authorId: author.id });
    await h.infra.bus.publish(hide);
    await eventually(async () => !(await feedIds(reader)).includes(p.id) || undefined);
    const hidden = await eventually(() =>
      eventsOf(h, 'community-feed.content.moderated.v1', { targetId: p.id }).find(
        (e) => (e.payload as { change: string }).change === 'hidden',
      ),
    );
    expect(hidden.payload).toMatchObject({
      targetType: 'post',
      authorId: author.id,
      decisionId: hide.payload.decisionId,
    });

    await h.infra.bus.publish(moderationDecision('restore', { type: 'post', id: p.id, authorId: author.id }));
    await eventually(async () => (await feedIds(reader)).includes(p.id) || undefined);

    await h.infra.bus.publish(moderationDecision('delete', { type: 'post', id: p.id, authorId: author.id }));
    await eventually(
      async () => (await call(h, 'GET', `/posts/${p.id}`, { who: author })).status === 404 || undefined,
    );
    await eventually(() =>
      eventsOf(h, 'community-feed.post.deleted.v1', { postId: p.id }).length ? true : undefined,
    );
    // The harness delivers every event twice: still one announcement per decision.
    await new Promise((r) => setTimeout(r, 300));
    const changes = eventsOf(h, 'community-feed.content.moderated.v1', { targetId: p.id }).map(
      (e) => (e.payload as { change: string }).change,
    );
    expect(changes).toEqual(['hidden', 'restored', 'deleted']);
  });

  it('ignores dismissals, other services and content that is gone', async () => {
    const author = await member(h);
    const p = await post(author, 'fine words');
    await h.infra.bus.publish(moderationDecision('dismiss', { type: 'post', id: p.id, authorId: author.id }));
    const gone = randomUUID();
    await h.infra.bus.publish(moderationDecision('delete', { type: 'post', id: gone, authorId: author.id }));
    await h.infra.bus.publish({
      ...moderationDecision('hide', { type: 'post', id: p.id, authorId: author.id }),
      payload: {
        ...moderationDecision('hide', { type: 'post', id: p.id, authorId: author.id }).payload,
        service: 'identity',
      },
    });
    await new Promise((r) => setTimeout(r, 800));
    expect(eventsOf(h, 'community-feed.content.moderated.v1', { targetId: p.id })).toEqual([]);
    expect(eventsOf(h, 'community-feed.content.moderated.v1', { targetId: gone })).toEqual([]);
    expect(await feedIds(author)).toContain(p.id);
  });

  it('hides and deletes a comment', async () => {
    const author = await member(h);
    const p = await post(author, 'a post with a comment');
    const comment = (
      await call(h, 'POST', `/posts/${p.id}/comments`, { who: author, body: { content: 'hm' } })
    ).body;
    await h.infra.bus.publish(
      moderationDecision('delete', { type: 'comment', id: comment.id, authorId: author.id }),
    );
    await eventually(async () => {
      const detail = (await call(h, 'GET', `/posts/${p.id}`, { who: author })).body;
      return detail.commentCount === 0 || detail.post?.commentCount === 0 ? true : undefined;
    });
  });
});
