import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventEnvelope, eventually } from '@mer/service-runtime/testing';
import {
  ConnectionAccepted,
  ConnectionRemoved,
  MembershipExpired,
  MembershipRenewed,
  ProfileUpdated,
  MemberBlocked,
  MemberUnblocked,
  MemberMuted,
  MemberUnmuted,
  REACTION_TYPES,
  UserDeleted,
  type FeedPage,
  type Post,
} from '@mer/contracts';
import { call, eventsOf, member, startFeed, type FeedHarness, type TestMember } from './harness.ts';

let h: FeedHarness;

beforeAll(async () => {
  h = await startFeed();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const post = async (who: TestMember, body: Record<string, unknown>) => {
  const res = await call(h, 'POST', '/posts', { who, body: { topic: 'general', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Post;
};
const feed = async (who: TestMember, query = '') => {
  const res = await call(h, 'GET', `/posts${query}`, { who });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as FeedPage;
};
const ids = (page: FeedPage) => page.posts.map((p) => p.id);

async function connect(a: TestMember, b: TestMember) {
  await h.infra.bus.publish(
    eventEnvelope(ConnectionAccepted, {
      requestId: crypto.randomUUID(),
      senderId: a.id,
      receiverId: b.id,
      receiverName: 'B',
      receiverImageUrl: null,
      acceptedAt: new Date().toISOString(),
    }),
  );
  await eventually(async () =>
    (await h.service.context.db.selectFrom('connections').selectAll().where('user_id', '=', a.id).execute())
      .length
      ? true
      : undefined,
  );
}

describe('who may post', () => {
  it('lets paid, onboarded members and admins post, and refuses unpaid or not onboarded members and visitors', async () => {
    const unpaid = await member(h, { paid: false });
    const notOnboarded = await member(h, { onboarded: false });
    const admin = await member(h, { paid: false, onboarded: false, perms: ['system_admin'] });
    for (const who of [unpaid, notOnboarded]) {
      const res = await call(h, 'POST', '/posts', { who, body: { content: 'Hello', topic: 'general' } });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/active membership/);
    }
    expect((await call(h, 'POST', '/posts', { body: { content: 'Hello', topic: 'general' } })).status).toBe(
      401,
    );
    await post(admin, { content: 'Welcome everyone' });
    // Reading is for every signed-in member.
    expect((await call(h, 'GET', '/posts', { who: unpaid })).status).toBe(200);
  });
});

describe('posts', () => {
  it('stores sanitised text with limited formatting, publishes post.created, edits (marked edited) and deletes', async () => {
    const a = await member(h);
    const created = await post(a, {
      content:
        '<p>Morning <b>sit</b> <a href="https://mer.test/x" onclick="x()">notes</a><script>alert(1)</script></p>',
      topic: 'practice',
    });
    expect(created.content).toContain('<b>sit</b>');
    expect(created.content).toContain('href="https://mer.test/x"');
    expect(created.content).not.toMatch(/script|onclick/);
    expect(created).toMatchObject({ topic: 'practice', visibility: 'all', edited: false, commentCount: 0 });
    expect(created.author).toMatchObject({ userId: a.id, username: a.username });
    await eventually(() => eventsOf(h, 'community-feed.post.created.v1', { postId: created.id })[0]);
    // The script was reported to the security log under the spec's name and severity.
    const threat = await eventually(
      () => eventsOf(h, 'community-feed.security.threat-detected.v1', { userId: a.id })[0],
    );
    expect(threat.payload).toMatchObject({
      name: 'suspicious_script_injection',
      severity: 'critical',
      field: 'post.content',
    });

    const edited = await call(h, 'PATCH', `/posts/${created.id}`, {
      who: a,
      body: { content: 'Evening sit', topic: 'gratitude' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ content: 'Evening sit', topic: 'gratitude', edited: true });
    await eventually(() => eventsOf(h, 'community-feed.post.updated.v1', { postId: created.id })[0]);

    const b = await member(h);
    expect(
      (await call(h, 'PATCH', `/posts/${created.id}`, { who: b, body: { content: 'mine now' } })).status,
    ).toBe(403);
    expect((await call(h, 'DELETE', `/posts/${created.id}`, { who: b })).status).toBe(403);
    expect((await call(h, 'DELETE', `/posts/${created.id}`, { who: a })).status).toBe(204);
    expect((await call(h, 'GET', `/posts/${created.id}`, { who: a })).status).toBe(404);
    await eventually(() => eventsOf(h, 'community-feed.post.deleted.v1', { postId: created.id })[0]);
  });

  it("answers the sanitiser's refusals with 400s in the spec's words", async () => {
    const a = await member(h);
    const stripped = await call(h, 'POST', '/posts', {
      who: a,
      body: { content: '<script>alert(1)</script>', topic: 'general' },
    });
    expect(stripped.status).toBe(400);
    expect(stripped.body.error.message).toBe('All content was stripped during sanitization');
    const long = await call(h, 'POST', '/posts', {
      who: a,
      body: { content: 'a'.repeat(10_001), topic: 'general' },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Input exceeds maximum length of 10000');
    const comment = await call(h, 'POST', `/posts/${(await post(a, { content: 'ok' })).id}/comments`, {
      who: a,
      body: { content: 'x'.repeat(2001) },
    });
    expect(comment.body.error.message).toBe('Input exceeds maximum length of 2000');
    await eventually(() =>
      eventsOf(h, 'community-feed.security.threat-detected.v1', { userId: a.id }).find(
        (e) => e.payload.name === 'suspicious_script_injection',
      ),
    );
  });

  it('refuses bad bodies with 400 naming the field, never a 500', async () => {
    const a = await member(h);
    const bodies = [
      {},
      { content: 'x', topic: 'politics' },
      { content: { html: 'x' }, topic: 'general' },
      { content: 'x', topic: 'general', visibility: 'friends' },
      { content: 'x', topic: 'general', photoIds: Array.from({ length: 7 }, () => crypto.randomUUID()) },
      { content: 'x', topic: 'general', isAdmin: true },
    ];
    for (const body of bodies) {
      const res = await call(h, 'POST', '/posts', { who: a, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // Member text that is not a string: the sanitiser's wording, naming the field.
    const notText = await call(h, 'POST', '/posts', {
      who: a,
      body: { content: { html: 'x' }, topic: 'general' },
    });
    expect(notText.status).toBe(400);
    expect(JSON.stringify(notText.body)).toContain('Invalid input type');
    expect((await call(h, 'GET', '/posts?cursor=not-a-cursor', { who: a })).status).toBe(400);
    expect((await call(h, 'GET', '/posts/not-a-uuid', { who: a })).status).toBe(400);
  });
});

describe('photos', () => {
  it('re-encodes uploads as JPEG without EXIF or location, bounded, and attaches up to 6 to a post', async () => {
    const a = await member(h);
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#88aa66' } })
      .withExif({ IFD0: { Artist: 'secret', Copyright: 'gps' } })
      .png()
      .toBuffer();
    const uploads: { photoId: string; imageUrl: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await call(h, 'POST', '/photos', { who: a, raw: png, type: 'application/octet-stream' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      uploads.push(res.body);
    }
    expect(uploads[0]).toMatchObject({ width: 2048, height: 1024 });
    const file = await fetch(`${h.service.url}${uploads[0]!.imageUrl}`);
    const bytes = Buffer.from(await file.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret'))).toBe(false);

    const p = await post(a, { content: '', photoIds: uploads.map((u) => u.photoId) });
    expect(p.photos.map((x) => x.photoId)).toEqual(uploads.map((u) => u.photoId));
    // A used photo cannot join another post; another member's photo neither.
    const b = await member(h);
    const again = await call(h, 'POST', '/posts', {
      who: b,
      body: { content: 'x', topic: 'general', photoIds: [uploads[0]!.photoId] },
    });
    expect(again.status).toBe(400);

    const notImage = await call(h, 'POST', '/photos', {
      who: a,
      raw: Buffer.from('<svg onload=alert(1)>'),
      type: 'image/svg+xml',
    });
    expect(notImage.status).toBe(415);
    expect(notImage.body.error.message).toBe('Please select an image file');
    expect((await call(h, 'POST', '/photos', { raw: png })).body.error.message).toBe(
      'You must be logged in to upload images',
    );

    // Deleting the post removes its photo files from storage (the sweep runs every 5 s).
    expect((await call(h, 'DELETE', `/posts/${p.id}`, { who: a })).status).toBe(204);
    await eventually(async () => !(await readdir(h.photoDir)).includes(`${uploads[0]!.photoId}.jpg`), 15_000);
  }, 30_000);
});

describe('the feed', () => {
  it('pages newest first with keyset cursors, filters by topic, shows connections-only posts to connections only', async () => {
    const a = await member(h);
    const b = await member(h);
    const stranger = await member(h);
    await connect(a, b);
    const mine: Post[] = [];
    for (let i = 0; i < 7; i++)
      mine.push(await post(a, { content: `post ${i}`, topic: i % 2 ? 'nature' : 'questions' }));
    const secret = await post(a, { content: 'for my connections', visibility: 'connections' });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await feed(b, `?authorId=${a.id}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([secret.id, ...mine.map((p) => p.id).reverse()]);
    expect(ids(await feed(stranger, `?authorId=${a.id}&limit=50`))).not.toContain(secret.id);
    expect((await call(h, 'GET', `/posts/${secret.id}`, { who: stranger })).status).toBe(404);

    const nature = await feed(b, `?authorId=${a.id}&topic=nature`);
    expect(ids(nature)).toEqual(
      mine
        .filter((_, i) => i % 2)
        .map((p) => p.id)
        .reverse(),
    );
    const connections = await feed(b, '?view=connections&limit=50');
    expect(connections.posts.every((p) => p.author.userId === a.id)).toBe(true);
    expect(ids(connections)).toContain(secret.id);
  });

  it("hides the content of members the viewer blocked or muted, and a blocker's from the blocked", async () => {
    const viewer = await member(h);
    const muted = await member(h);
    const blocker = await member(h);
    const p1 = await post(muted, { content: 'muted voice' });
    const p2 = await post(blocker, { content: 'blocker voice' });
    await h.infra.bus.publish(
      eventEnvelope(MemberMuted, {
        muterId: viewer.id,
        mutedId: muted.id,
        mutedAt: new Date().toISOString(),
      }),
    );
    await h.infra.bus.publish(
      eventEnvelope(MemberBlocked, {
        blockerId: blocker.id,
        blockedId: viewer.id,
        blockedAt: new Date().toISOString(),
      }),
    );
    await eventually(async () => {
      const page = ids(await feed(viewer, '?limit=50'));
      return !page.includes(p1.id) && !page.includes(p2.id) ? true : undefined;
    });
    expect((await call(h, 'GET', `/posts/${p2.id}`, { who: viewer })).status).toBe(404);
    // The muted member sees nothing of it.
    expect(ids(await feed(muted, '?limit=50'))).toContain(p2.id);
    await h.infra.bus.publish(
      eventEnvelope(MemberUnmuted, {
        muterId: viewer.id,
        mutedId: muted.id,
        unmutedAt: new Date().toISOString(),
      }),
    );
    await eventually(async () => (ids(await feed(viewer, '?limit=50')).includes(p1.id) ? true : undefined));
  });

  it('pins posts for admins only, first on the first page, and sorts by most active', async () => {
    const a = await member(h);
    const admin = await member(h, { perms: ['system_admin'] });
    const quiet = await post(a, { content: 'quiet' });
    const busy = await post(a, { content: 'busy' });
    await post(a, { content: 'newest' });
    expect((await call(h, 'PUT', `/posts/${quiet.id}/pin`, { who: a, body: { pinned: true } })).status).toBe(
      403,
    );
    expect(
      (await call(h, 'PUT', `/posts/${quiet.id}/pin`, { who: admin, body: { pinned: true } })).body.pinned,
    ).toBe(true);
    expect((await feed(a)).posts[0]!.id).toBe(quiet.id);
    for (let i = 0; i < 3; i++) {
      const m = await member(h);
      await call(h, 'PUT', `/posts/${busy.id}/reactions/me`, { who: m, body: { type: 'love' } });
    }
    const active = await feed(a, '?sort=most-active&limit=50');
    expect(active.posts[0]!.id).toBe(busy.id);
    await call(h, 'PUT', `/posts/${quiet.id}/pin`, { who: admin, body: { pinned: false } });
  });
});

describe('reactions', () => {
  it('counts exactly when many members react to one post at once, one reaction per member', async () => {
    const author = await member(h);
    const p = await post(author, { content: 'react to me' });
    const members = await Promise.all(Array.from({ length: 30 }, () => member(h)));
    await Promise.all(
      members.map((m, i) =>
        call(h, 'PUT', `/posts/${p.id}/reactions/me`, { who: m, body: { type: REACTION_TYPES[i % 5] } }),
      ),
    );
    // Then a third change their reaction and a third remove theirs, all at once, some twice.
    await Promise.all(
      members.flatMap((m, i) =>
        i % 3 === 0
          ? [call(h, 'PUT', `/posts/${p.id}/reactions/me`, { who: m, body: { type: 'namaste' } })]
          : i % 3 === 1
            ? [
                call(h, 'DELETE', `/posts/${p.id}/reactions/me`, { who: m }),
                call(h, 'DELETE', `/posts/${p.id}/reactions/me`, { who: m }),
              ]
            : [],
      ),
    );
    const rows = await h.service.context.db
      .selectFrom('reactions')
      .select('type')
      .where('post_id', '=', p.id)
      .execute();
    const expected: Record<string, number> = Object.fromEntries(
      REACTION_TYPES.map((t) => [t, rows.filter((r) => r.type === t).length]),
    );
    expect(rows).toHaveLength(20);
    const detail = await call(h, 'GET', `/posts/${p.id}`, { who: author });
    expect(detail.body.post.reactionCounts).toEqual(expected);
    expect(expected.namaste).toBeGreaterThanOrEqual(10);
    const who = await call(h, 'GET', `/posts/${p.id}/reactions?type=namaste`, { who: author });
    expect(who.body.reactions).toHaveLength(expected.namaste!);
    const last = await eventually(
      () => eventsOf(h, 'community-feed.reaction.removed.v1', { postId: p.id }).length >= 10,
    );
    expect(last).toBe(true);
  }, 60_000);

  it('sets, changes and removes the member’s reaction', async () => {
    const a = await member(h);
    const b = await member(h);
    const p = await post(a, { content: 'hi' });
    const first = await call(h, 'PUT', `/posts/${p.id}/reactions/me`, { who: b, body: { type: 'like' } });
    expect(first.body).toMatchObject({ myReaction: 'like', reactionCounts: { like: 1, love: 0 } });
    const changed = await call(h, 'PUT', `/posts/${p.id}/reactions/me`, {
      who: b,
      body: { type: 'support' },
    });
    expect(changed.body).toMatchObject({ myReaction: 'support', reactionCounts: { like: 0, support: 1 } });
    const event = await eventually(
      () => eventsOf(h, 'community-feed.reaction.added.v1', { postId: p.id, type: 'support' })[0],
    );
    expect(event.payload).toMatchObject({ previousType: 'like', postAuthorId: a.id, memberId: b.id });
    const removed = await call(h, 'DELETE', `/posts/${p.id}/reactions/me`, { who: b });
    expect(removed.body).toMatchObject({ myReaction: null, reactionCounts: { support: 0 } });
    expect(
      (await call(h, 'PUT', `/posts/${p.id}/reactions/me`, { who: b, body: { type: 'angry' } })).status,
    ).toBe(400);
  });
});

describe('comments', () => {
  it('threads one level of replies, resolves @mentions and publishes them, edits and deletes', async () => {
    const a = await member(h);
    const b = await member(h);
    const p = await post(a, { content: 'thoughts?' });
    const c1 = await call(h, 'POST', `/posts/${p.id}/comments`, {
      who: b,
      body: { content: `Lovely, @${a.username} <img src=x onerror=alert(1)>` },
    });
    expect(c1.status).toBe(201);
    expect(c1.body.mentions.map((m: { userId: string }) => m.userId)).toEqual([a.id]);
    expect(c1.body.content).not.toMatch(/onerror|<img/);
    const mention = await eventually(
      () =>
        eventsOf(h, 'community-feed.member.mentioned.v1', {
          mentionedUserId: a.id,
          commentId: c1.body.id,
        })[0],
    );
    expect(mention.payload).toMatchObject({ byUserId: b.id, postId: p.id });
    await eventually(() => eventsOf(h, 'community-feed.comment.added.v1', { commentId: c1.body.id })[0]);

    const reply = await call(h, 'POST', `/posts/${p.id}/comments`, {
      who: a,
      body: { content: 'thanks', parentId: c1.body.id },
    });
    const replyToReply = await call(h, 'POST', `/posts/${p.id}/comments`, {
      who: b,
      body: { content: 'welcome', parentId: reply.body.id },
    });
    expect(replyToReply.body.parentId).toBe(c1.body.id);
    const detail = await call(h, 'GET', `/posts/${p.id}`, { who: a });
    expect(detail.body.comments).toHaveLength(1);
    expect(detail.body.comments[0].replies.map((r: { id: string }) => r.id)).toEqual([
      reply.body.id,
      replyToReply.body.id,
    ]);
    expect(detail.body.post.commentCount).toBe(3);

    const edited = await call(h, 'PATCH', `/comments/${c1.body.id}`, {
      who: b,
      body: { content: 'Lovely indeed' },
    });
    expect(edited.body).toMatchObject({ content: 'Lovely indeed', edited: true });
    expect(
      (await call(h, 'PATCH', `/comments/${c1.body.id}`, { who: a, body: { content: 'no' } })).status,
    ).toBe(403);
    expect((await call(h, 'DELETE', `/comments/${c1.body.id}`, { who: b })).status).toBe(204);
    const after = await call(h, 'GET', `/posts/${p.id}`, { who: a });
    expect(after.body.comments).toEqual([]);
    expect(after.body.post.commentCount).toBe(0);
  });
});

describe('reports', () => {
  it('hides an item after 3 reports from different members and publishes both events', async () => {
    const a = await member(h);
    const p = await post(a, { content: 'controversial' });
    const reporters = await Promise.all([member(h), member(h), member(h)]);
    const first = await call(h, 'POST', '/reports', {
      who: reporters[0],
      body: { targetType: 'post', targetId: p.id, reason: 'spam' },
    });
    expect(first.body.hidden).toBe(false);
    // The same member again changes nothing.
    await call(h, 'POST', '/reports', {
      who: reporters[0],
      body: { targetType: 'post', targetId: p.id, reason: 'spam' },
    });
    await call(h, 'POST', '/reports', {
      who: reporters[1],
      body: { targetType: 'post', targetId: p.id, reason: 'spam' },
    });
    expect(ids(await feed(reporters[2]!, '?limit=50'))).toContain(p.id);
    const third = await call(h, 'POST', '/reports', {
      who: reporters[2],
      body: { targetType: 'post', targetId: p.id, reason: 'rude' },
    });
    expect(third.body.hidden).toBe(true);
    expect(ids(await feed(reporters[2]!, '?limit=50'))).not.toContain(p.id);
    await eventually(
      () => eventsOf(h, 'community-feed.content.reported.v1', { targetId: p.id }).length === 3 || undefined,
    );
    const hidden = await eventually(
      () => eventsOf(h, 'community-feed.content.auto-hidden.v1', { targetId: p.id })[0],
    );
    expect(hidden.payload).toMatchObject({ targetType: 'post', authorId: a.id, reportCount: 3 });
    expect(
      (
        await call(h, 'POST', '/reports', {
          who: a,
          body: { targetType: 'post', targetId: p.id, reason: 'x' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('albums, photo tags and discussions', () => {
  it('tags a member on an album photo (published); the tagged member removes the tag, others may not', async () => {
    const a = await member(h);
    const b = await member(h);
    const c = await member(h);
    const album = await call(h, 'POST', '/albums', { who: a, body: { title: 'Retreat <b>2026</b>' } });
    expect(album.status).toBe(201);
    expect(album.body.title).toBe('Retreat 2026');
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const upload = await call(h, 'POST', '/photos', { who: a, raw: jpeg, type: 'image/jpeg' });
    const added = await call(h, 'POST', `/albums/${album.body.id}/photos`, {
      who: a,
      body: { photoId: upload.body.photoId },
    });
    expect(added.status).toBe(201);
    const tagged = await call(h, 'POST', `/photos/${upload.body.photoId}/tags`, {
      who: a,
      body: { userId: b.id },
    });
    expect(tagged.body.tags.map((t: { member: { userId: string } }) => t.member.userId)).toEqual([b.id]);
    const event = await eventually(
      () => eventsOf(h, 'community-feed.photo.tagged.v1', { photoId: upload.body.photoId })[0],
    );
    expect(event.payload).toMatchObject({ taggedUserId: b.id, byUserId: a.id, albumName: 'Retreat 2026' });
    expect((await call(h, 'GET', `/members/${b.id}/photos`, { who: c })).body.photos).toHaveLength(1);
    expect((await call(h, 'DELETE', `/photos/${upload.body.photoId}/tags/${b.id}`, { who: c })).status).toBe(
      403,
    );
    expect((await call(h, 'DELETE', `/photos/${upload.body.photoId}/tags/${b.id}`, { who: b })).status).toBe(
      204,
    );
    const albumView = await call(h, 'GET', `/albums/${album.body.id}`, { who: c });
    expect(albumView.body.album.photoCount).toBe(1);
    expect(albumView.body.photos[0].tags).toEqual([]);
  });

  it('opens discussions with sanitised bodies and replies', async () => {
    const a = await member(h);
    const b = await member(h);
    const d = await call(h, 'POST', '/discussions', {
      who: a,
      body: {
        title: 'On silence',
        body: '<p>Let us talk <i>slowly</i><iframe src="https://evil.test"></iframe></p>',
      },
    });
    expect(d.status).toBe(201);
    expect(d.body.body).toBe('<p>Let us talk <i>slowly</i></p>');
    await eventually(() =>
      eventsOf(h, 'community-feed.security.threat-detected.v1', { userId: a.id }).find(
        (e) => e.payload.name === 'iframe_injection_detected' && e.payload.severity === 'high',
      ),
    );
    const r = await call(h, 'POST', `/discussions/${d.body.id}/replies`, {
      who: b,
      body: { body: 'Agreed' },
    });
    expect(r.status).toBe(201);
    const view = await call(h, 'GET', `/discussions/${d.body.id}`, { who: a });
    expect(view.body.discussion.replyCount).toBe(1);
    expect(view.body.replies.map((x: { body: string }) => x.body)).toEqual(['Agreed']);
  });
});

describe("copies of other services' facts", () => {
  it('follows memberships (an expired one stops posting; a late older event changes nothing)', async () => {
    const a = await member(h, { paid: false });
    const membershipId = crypto.randomUUID();
    const facts = (status: 'active' | 'expired', days: number) => ({
      userId: a.id,
      membershipId,
      planId: crypto.randomUUID(),
      planName: 'Monthly Membership',
      status,
      expiresAt: new Date(Date.now() + days * 86_400_000).toISOString(),
      cancelAtPeriodEnd: false,
      innerCircle: false,
    });
    await h.infra.bus.publish(eventEnvelope(MembershipRenewed, facts('active', 30)));
    await eventually(
      async () =>
        (await call(h, 'POST', '/posts', { who: a, body: { content: 'x', topic: 'general' } })).status ===
          201 || undefined,
    );
    const later = new Date(Date.now() + 1000).toISOString();
    await h.infra.bus.publish(eventEnvelope(MembershipExpired, facts('expired', -1), { occurredAt: later }));
    await eventually(
      async () =>
        (await call(h, 'POST', '/posts', { who: a, body: { content: 'x', topic: 'general' } })).status ===
          403 || undefined,
    );
    // The renewal delivered again late (older than the expiry) does not bring access back.
    await h.infra.bus.publish(
      eventEnvelope(MembershipRenewed, facts('active', 30), {
        occurredAt: new Date(Date.now() - 60_000).toISOString(),
      }),
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(
      (await call(h, 'POST', '/posts', { who: a, body: { content: 'x', topic: 'general' } })).status,
    ).toBe(403);
  });

  it('follows profile updates (names on posts), connections removed and blocks lifted', async () => {
    const a = await member(h);
    const b = await member(h);
    await connect(a, b);
    const secret = await post(a, { content: 'connections only', visibility: 'connections' });
    expect((await call(h, 'GET', `/posts/${secret.id}`, { who: b })).status).toBe(200);
    await h.infra.bus.publish(
      eventEnvelope(ProfileUpdated, {
        userId: a.id,
        name: 'Ana Renamed',
        username: a.username,
        imageUrl: '/photo.jpg',
        cityId: null,
        location: null,
        languages: [],
        interests: [],
        updatedAt: new Date().toISOString(),
      }),
    );
    await eventually(
      async () =>
        (await call(h, 'GET', `/posts/${secret.id}`, { who: b })).body.post.author.name === 'Ana Renamed' ||
        undefined,
    );
    await h.infra.bus.publish(
      eventEnvelope(
        ConnectionRemoved,
        {
          requestId: crypto.randomUUID(),
          senderId: a.id,
          receiverId: b.id,
          removedBy: a.id,
          reason: 'removed',
          removedAt: new Date().toISOString(),
        },
        { occurredAt: new Date(Date.now() + 1000).toISOString() },
      ),
    );
    await eventually(
      async () => (await call(h, 'GET', `/posts/${secret.id}`, { who: b })).status === 404 || undefined,
    );

    const open = await post(a, { content: 'for all' });
    await h.infra.bus.publish(
      eventEnvelope(MemberBlocked, { blockerId: b.id, blockedId: a.id, blockedAt: new Date().toISOString() }),
    );
    await eventually(
      async () => (await call(h, 'GET', `/posts/${open.id}`, { who: b })).status === 404 || undefined,
    );
    await h.infra.bus.publish(
      eventEnvelope(
        MemberUnblocked,
        { blockerId: b.id, blockedId: a.id, unblockedAt: new Date().toISOString() },
        { occurredAt: new Date(Date.now() + 1000).toISOString() },
      ),
    );
    await eventually(
      async () => (await call(h, 'GET', `/posts/${open.id}`, { who: b })).status === 200 || undefined,
    );
  });
});

describe('download my data', () => {
  it("gives the member their own posts, comments, reactions and reports, and nobody else's", async () => {
    const a = await member(h);
    const b = await member(h);
    const p = await post(a, { content: 'mine' });
    await call(h, 'POST', `/posts/${p.id}/comments`, { who: a, body: { content: 'my comment' } });
    await call(h, 'PUT', `/posts/${p.id}/reactions/me`, { who: a, body: { type: 'love' } });
    const res = await call(h, 'GET', '/me/export', { who: a });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ service: 'community-feed', version: 1 });
    expect(res.body.data.posts.map((x: { id: string }) => x.id)).toEqual([p.id]);
    expect(res.body.data.comments).toHaveLength(1);
    expect(res.body.data.reactions).toEqual([expect.objectContaining({ postId: p.id, type: 'love' })]);
    expect((await call(h, 'GET', '/me/export', { who: b })).body.data.posts).toEqual([]);
  });
});

describe('deleted members', () => {
  it("removes the member's content, recounts others' posts, publishes post.deleted, and stays removed", async () => {
    const gone = await member(h);
    const other = await member(h);
    const theirs = await post(gone, { content: 'bye' });
    const kept = await post(other, { content: 'stay' });
    await call(h, 'PUT', `/posts/${kept.id}/reactions/me`, { who: gone, body: { type: 'love' } });
    await call(h, 'POST', `/posts/${kept.id}/comments`, { who: gone, body: { content: 'nice' } });
    await h.infra.bus.publish(eventEnvelope(UserDeleted, { userId: gone.id }));
    await eventually(async () =>
      (await call(h, 'GET', `/posts/${theirs.id}`, { who: other })).status === 404 ? true : undefined,
    );
    const detail = await call(h, 'GET', `/posts/${kept.id}`, { who: other });
    expect(detail.body.post.reactionCounts.love).toBe(0);
    expect(detail.body.post.commentCount).toBe(0);
    expect(detail.body.comments).toEqual([]);
    await eventually(() => eventsOf(h, 'community-feed.post.deleted.v1', { postId: theirs.id })[0]);
    // Their token outlives the account by minutes: it cannot add anything back.
    expect(
      (await call(h, 'POST', '/posts', { who: gone, body: { content: 'back', topic: 'general' } })).status,
    ).toBe(404);
  });
});
