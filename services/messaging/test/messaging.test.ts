import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventEnvelope, eventually } from '@mer/service-runtime/testing';
import {
  ConnectionAccepted,
  ConnectionRemoved,
  MemberBlocked,
  MemberUnblocked,
  MessagingTexts,
  ProfileUpdated,
  UserDeleted,
  type ErrorBody,
  type MessagingConversation,
  type MessagingMessage,
} from '@mer/contracts';
import {
  call,
  db,
  eventsOf,
  h,
  member,
  membershipEvent,
  membershipRecorded,
  page,
  send,
  start,
  useMessagingService,
  type Member,
  type Method,
} from './harness.ts';

useMessagingService();

/**
 * Hostile messages, a sample in the spirit of the sanitiser's corpus (packages/text-sanitiser/test/hostile-corpus.ts,
 * which the boundary rule keeps out of reach of a service's tests).
 */
const HOSTILE_MESSAGES = [
  '<script>alert(1)</script>hi',
  '<img src=x onerror=alert(1)>look',
  '<a href="javascript:alert(1)">click</a>',
  'javascript:alert(document.cookie)',
  '<iframe src="https://evil.example"></iframe>frame',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<svg onload=alert(1)>svg',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<div style="width: expression(alert(1))">css</div>',
  'null\u0000byte and \u202Ebidi',
];

async function unread(m: Member): Promise<number> {
  const r = await call('GET', '/api/v1/messaging/unread-count', { token: m.token });
  expect(r.status).toBe(200);
  return r.body.count as number;
}

async function listed(m: Member, conversationId: string): Promise<MessagingConversation | undefined> {
  const r = await call('GET', '/api/v1/messaging/conversations', { token: m.token });
  expect(r.status).toBe(200);
  return (r.body.conversations as MessagingConversation[]).find((c) => c.id === conversationId);
}

async function settle(): Promise<void> {
  // Consumers of the events this test published have run (each delivered twice).
  await new Promise((r) => setTimeout(r, 300));
}

describe('starting a conversation', () => {
  it('creates it once with two member rows, and reuses it whoever starts again', async () => {
    const [a, b] = [await member('Ana'), await member('Bruno')];
    const first = await call('POST', '/api/v1/messaging/conversations', {
      token: a.token,
      body: { memberId: b.id },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      isGroup: false,
      title: null,
      participantId: b.id,
      participantName: 'Bruno',
      unreadCount: 0,
      lastSequence: 0,
      lastMessage: null,
    });
    const again = await call('POST', '/api/v1/messaging/conversations', {
      token: a.token,
      body: { memberId: b.id },
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const theirs = await start(b, a);
    expect(theirs).toMatchObject({ id: first.body.id, participantId: a.id, participantName: 'Ana' });
    const rows = await db()
      .selectFrom('conversation_members')
      .select('user_id')
      .where('conversation_id', '=', first.body.id)
      .execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual([a.id, b.id].sort());
    await eventually(() =>
      eventsOf('messaging.conversation.started.v1', (p) => p.conversationId === first.body.id).length
        ? true
        : undefined,
    );
  });

  it('gives one conversation when both members start at the same moment, many times over', async () => {
    const [a, b] = [await member(), await member()];
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        call('POST', '/api/v1/messaging/conversations', {
          token: i % 2 ? a.token : b.token,
          body: { memberId: i % 2 ? b.id : a.id },
        }),
      ),
    );
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const [id] = [...ids] as [string];
    const pair = [a.id, b.id].sort();
    const conversations = await db()
      .selectFrom('conversations')
      .select('id')
      .where('pair_low', '=', pair[0]!)
      .where('pair_high', '=', pair[1]!)
      .execute();
    expect(conversations).toEqual([{ id }]);
    await settle();
    expect(eventsOf('messaging.conversation.started.v1', (p) => p.conversationId === id)).toHaveLength(1);
  });

  it('refuses an unknown member, oneself, and bad input with a clear 4xx', async () => {
    const a = await member();
    const unknown = await call('POST', '/api/v1/messaging/conversations', {
      token: a.token,
      body: { memberId: randomUUID() },
    });
    expect(unknown.status).toBe(404);
    const self = await call('POST', '/api/v1/messaging/conversations', {
      token: a.token,
      body: { memberId: a.id },
    });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe(MessagingTexts.cannotMessageYourself);
    for (const body of [
      {},
      { memberId: 'not-a-uuid' },
      { memberId: 42 },
      { memberId: a.id, extra: 1 },
      null,
    ]) {
      const r = await call('POST', '/api/v1/messaging/conversations', { token: a.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect((r.body as ErrorBody).error.code).toBe('invalid_data');
    }
    expect((await call('GET', '/api/v1/messaging/conversations')).status).toBe(401);
  });
});

describe('messages, read state and unread counts', () => {
  it("sends, lists with last message and unread count, marks read, and shows 'Seen' to the sender", async () => {
    const [a, b] = [await member('Alma'), await member('Beto')];
    const c = await start(a, b);
    const sent = await send(a, c.id, '  Hello <b>Beto</b>, see https://example.com  ');
    expect(sent.status).toBe(201);
    const message = sent.body as MessagingMessage;
    expect(message).toMatchObject({
      conversationId: c.id,
      sequence: 1,
      senderId: a.id,
      body: 'Hello Beto, see https://example.com',
      editedAt: null,
      deletedAt: null,
      reactionCount: 0,
      read: false,
      photoUrl: null,
    });
    await send(a, c.id, 'Second');
    expect(await unread(b)).toBe(2);
    expect(await unread(a)).toBe(0);
    expect(await listed(b, c.id)).toMatchObject({
      participantName: 'Alma',
      lastMessage: 'Second',
      unreadCount: 2,
      lastSequence: 2,
    });

    const sentEvent = await eventually(
      () => eventsOf('messaging.message.sent.v1', (p) => p.messageId === message.id)[0],
    );
    expect(sentEvent.payload).toMatchObject({
      senderId: a.id,
      senderName: 'Alma',
      recipientIds: [b.id],
      body: 'Hello Beto, see https://example.com',
    });
    expect((sentEvent.payload as { memberIds: string[] }).memberIds.sort()).toEqual([a.id, b.id].sort());

    const read = await call('POST', `/api/v1/messaging/conversations/${c.id}/read`, { token: b.token });
    expect(read.body).toEqual({ conversationId: c.id, readUpTo: 2, unreadTotal: 0 });
    expect(await unread(b)).toBe(0);
    const mine = await page(a, c.id, '');
    expect(mine.messages.map((m) => m.read)).toEqual([true, true]);
    expect((await listed(a, c.id))?.seenUpTo).toBe(2);
    await eventually(
      () =>
        eventsOf('messaging.conversation.read.v1', (p) => p.conversationId === c.id && p.receiptsVisible)[0],
    );
    await eventually(
      () =>
        eventsOf('messaging.unread-total.changed.v1', (p) => p.memberId === b.id && p.unreadTotal === 0)[0],
    );

    // Opening it again changes nothing and publishes nothing.
    await call('POST', `/api/v1/messaging/conversations/${c.id}/read`, { token: b.token });
    await settle();
    expect(eventsOf('messaging.conversation.read.v1', (p) => p.conversationId === c.id)).toHaveLength(1);
  });

  it("hides 'Seen' when the reader turned read receipts off", async () => {
    const [a, b] = [await member(), await member()];
    expect((await call('GET', '/api/v1/messaging/settings', { token: b.token })).body).toEqual({
      readReceipts: true,
      onlyConnectionsCanMessage: false,
    });
    const off = await call('PATCH', '/api/v1/messaging/settings', {
      token: b.token,
      body: { readReceipts: false },
    });
    expect(off.body).toEqual({ readReceipts: false, onlyConnectionsCanMessage: false });
    const c = await start(a, b);
    await send(a, c.id, 'Are you there?');
    await call('POST', `/api/v1/messaging/conversations/${c.id}/read`, { token: b.token });
    expect((await page(a, c.id, '')).messages[0]?.read).toBe(false);
    expect((await listed(a, c.id))?.seenUpTo).toBeNull();
    const readEvent = await eventually(
      () => eventsOf('messaging.conversation.read.v1', (p) => p.conversationId === c.id)[0],
    );
    expect(readEvent.payload).toMatchObject({ readerId: b.id, receiptsVisible: false });
  });

  it('keeps unread counts and sequence numbers exact under concurrent sends from both members', async () => {
    const [a, b] = [await member(), await member()];
    const c = await start(a, b);
    const fromA = 25;
    const fromB = 15;
    const results = await Promise.all([
      ...Array.from({ length: fromA }, (_, i) => send(a, c.id, `a${i}`)),
      ...Array.from({ length: fromB }, (_, i) => send(b, c.id, `b${i}`)),
    ]);
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(await unread(b)).toBe(fromA);
    expect(await unread(a)).toBe(fromB);
    const all = await page(a, c.id, 'limit=200');
    expect(all.messages.map((m) => m.sequence)).toEqual(
      Array.from({ length: fromA + fromB }, (_, i) => i + 1),
    );
    expect((await listed(a, c.id))?.lastSequence).toBe(fromA + fromB);
    // The badge events: B's totals rise one by one to exactly fromA, in order.
    const totals = await eventually(() => {
      const seen = eventsOf('messaging.unread-total.changed.v1', (p) => p.memberId === b.id).map(
        (e) => (e.payload as { unreadTotal: number }).unreadTotal,
      );
      return seen.length === fromA ? seen : undefined;
    });
    expect(totals).toEqual(Array.from({ length: fromA }, (_, i) => i + 1));
  });

  it('keeps the unread count equal to the messages after the read position while reads race with sends', async () => {
    const [a, b] = [await member(), await member()];
    const c = await start(a, b);
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => send(a, c.id, `m${i}`)),
      ...Array.from({ length: 6 }, () =>
        call('POST', `/api/v1/messaging/conversations/${c.id}/read`, { token: b.token }),
      ),
    ]);
    const row = await db()
      .selectFrom('conversation_members')
      .select(['unread_count', 'last_read_sequence'])
      .where('conversation_id', '=', c.id)
      .where('user_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(row.unread_count).toBe(20 - row.last_read_sequence);
    expect(await unread(b)).toBe(row.unread_count);
  });

  it('returns the saved message when a send is retried with the same clientMessageId', async () => {
    const [a, b] = [await member(), await member()];
    const c = await start(a, b);
    const clientMessageId = randomUUID();
    const [one, two] = await Promise.all([
      send(a, c.id, 'only once', clientMessageId),
      send(a, c.id, 'only once', clientMessageId),
    ]);
    expect(one.body.id).toBe(two.body.id);
    expect(one.body.clientMessageId).toBe(clientMessageId);
    expect((await page(b, c.id, '')).messages).toHaveLength(1);
    expect(await unread(b)).toBe(1);
  });

  it('catches up after a sequence number with every later message once, in order, and pages upward', async () => {
    const [a, b] = [await member(), await member()];
    const c = await start(a, b);
    for (let i = 1; i <= 30; i++) await send(i % 3 ? a : b, c.id, `m${i}`);
    const caughtUp: number[] = [];
    let after = 10;
    for (;;) {
      const p = await page(b, c.id, `after=${after}&limit=7`);
      caughtUp.push(...p.messages.map((m) => m.sequence));
      if (!p.hasMore) break;
      after = p.messages.at(-1)!.sequence;
    }
    expect(caughtUp).toEqual(Array.from({ length: 20 }, (_, i) => i + 11));
    expect((await page(b, c.id, 'after=30')).messages).toEqual([]);

    const latest = await page(b, c.id, 'limit=12');
    expect(latest.messages.map((m) => m.sequence)).toEqual(Array.from({ length: 12 }, (_, i) => i + 19));
    expect(latest.hasMore).toBe(true);
    const older = await page(b, c.id, `before=19&limit=50`);
    expect(older.messages.map((m) => m.sequence)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(older.hasMore).toBe(false);
    const both = await call('GET', `/api/v1/messaging/conversations/${c.id}/messages?before=5&after=2`, {
      token: b.token,
    });
    expect(both.status).toBe(400);
  });
});

describe('membership', () => {
  it('refuses a member without an active membership to start or send, with the reason; paying lets them', async () => {
    const [unpaid, b] = [await member('Una', { paid: false }), await member('Berta')];
    const refused = await call('POST', '/api/v1/messaging/conversations', {
      token: unpaid.token,
      body: { memberId: b.id },
    });
    expect(refused.status).toBe(403);
    expect((refused.body as ErrorBody).error.message).toBe(MessagingTexts.membershipRequired);
    // The paying member may start it; the unpaid one can read it but not answer.
    const conversation = await start(b, unpaid);
    expect((await send(b, conversation.id, 'Hello Una')).status).toBe(201);
    const reply = await send(unpaid, conversation.id, 'Hi!');
    expect(reply.status).toBe(403);
    expect((reply.body as ErrorBody).error.message).toBe(MessagingTexts.membershipRequired);
    expect((await page(unpaid, conversation.id, 'after=0')).messages.map((m) => m.body)).toEqual([
      'Hello Una',
    ]);
    expect(
      (await call('POST', `/api/v1/messaging/conversations/${conversation.id}/read`, { token: unpaid.token }))
        .status,
    ).toBe(200);

    const membershipId = randomUUID();
    await h.infra.bus.publish(membershipEvent(unpaid.id, membershipId));
    await membershipRecorded(unpaid.id, 'active');
    expect((await send(unpaid, conversation.id, 'Hi!')).status).toBe(201);
  });

  it('refuses again once the membership expired, and a late, older announcement does not revive it', async () => {
    const [a, b] = [await member('Elsa'), await member('Fred')];
    const conversation = await start(a, b);
    const membershipId = randomUUID();
    const expiresAt = new Date(Date.now() + 60 * 86_400_000);
    await h.infra.bus.publish(membershipEvent(a.id, membershipId, { status: 'expired', expiresAt }));
    await membershipRecorded(a.id, 'expired');
    // a's first membership is still active: one active membership is enough.
    expect((await send(a, conversation.id, 'still paid')).status).toBe(201);
    await db()
      .deleteFrom('member_memberships')
      .where('user_id', '=', a.id)
      .where('membership_id', '!=', membershipId)
      .execute();
    const refused = await send(a, conversation.id, 'expired now');
    expect(refused.status).toBe(403);
    expect((refused.body as ErrorBody).error.message).toBe(MessagingTexts.membershipRequired);
    // The activation of the same period arrives late (consumers of different subjects are not ordered).
    await h.infra.bus.publish(membershipEvent(a.id, membershipId, { expiresAt }));
    await settle();
    expect((await send(a, conversation.id, 'expired still')).status).toBe(403);
  });
});

describe('edit, delete and reactions', () => {
  it('edits and deletes own messages with marks, refuses others, and keeps counts right', async () => {
    const [a, b] = [await member(), await member()];
    const c = await start(a, b);
    const m = (await send(a, c.id, 'draft')).body as MessagingMessage;
    const edited = await call('PATCH', `/api/v1/messaging/messages/${m.id}`, {
      token: a.token,
      body: { body: 'final' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.body).toBe('final');
    expect(edited.body.editedAt).not.toBeNull();
    expect((await listed(b, c.id))?.lastMessage).toBe('final');

    const notMine = await call('PATCH', `/api/v1/messaging/messages/${m.id}`, {
      token: b.token,
      body: { body: 'x' },
    });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error.message).toBe(MessagingTexts.notYourMessage);
    expect((await call('DELETE', `/api/v1/messaging/messages/${m.id}`, { token: b.token })).status).toBe(403);

    const reacted = await call('PUT', `/api/v1/messaging/messages/${m.id}/reaction`, {
      token: b.token,
      body: { reaction: '🙏' },
    });
    expect(reacted.body).toMatchObject({
      reactionCount: 1,
      reactions: [{ reaction: '🙏', count: 1 }],
      myReaction: '🙏',
    });
    const replaced = await call('PUT', `/api/v1/messaging/messages/${m.id}/reaction`, {
      token: b.token,
      body: { reaction: '❤️' },
    });
    expect(replaced.body).toMatchObject({ reactionCount: 1, reactions: [{ reaction: '❤️', count: 1 }] });
    const both = await call('PUT', `/api/v1/messaging/messages/${m.id}/reaction`, {
      token: a.token,
      body: { reaction: '❤️' },
    });
    expect(both.body).toMatchObject({ reactionCount: 2, reactions: [{ reaction: '❤️', count: 2 }] });
    const back = await call('DELETE', `/api/v1/messaging/messages/${m.id}/reaction`, { token: a.token });
    expect(back.body).toMatchObject({ reactionCount: 1, myReaction: null });

    expect(await unread(b)).toBe(1);
    const deleted = await call('DELETE', `/api/v1/messaging/messages/${m.id}`, { token: a.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ body: null, reactionCount: 0 });
    expect(deleted.body.deletedAt).not.toBeNull();
    expect(await unread(b)).toBe(0);
    expect((await listed(b, c.id))?.lastMessage).toBeNull();
    const again = await call('PATCH', `/api/v1/messaging/messages/${m.id}`, {
      token: a.token,
      body: { body: 'back' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MessagingTexts.messageDeleted);
    await eventually(() => eventsOf('messaging.message.edited.v1', (p) => p.messageId === m.id)[0]);
    await eventually(() => eventsOf('messaging.message.deleted.v1', (p) => p.messageId === m.id)[0]);
  });
});

describe('consent', () => {
  it('refuses messages both ways while one member blocks the other, and allows them again after', async () => {
    const [a, b] = [await member(), await member()];
    const c = await start(a, b);
    const before = (await send(b, c.id, 'before the block')).body as MessagingMessage;
    const block = eventEnvelope(MemberBlocked, {
      blockerId: b.id,
      blockedId: a.id,
      blockedAt: new Date().toISOString(),
    });
    await h.infra.bus.publish(block);
    await eventually(() =>
      db().selectFrom('blocks').selectAll().where('blocker_id', '=', b.id).executeTakeFirst(),
    );

    const started = await call('POST', '/api/v1/messaging/conversations', {
      token: a.token,
      body: { memberId: b.id },
    });
    expect(started.status).toBe(403);
    expect(started.body.error.message).toBe(MessagingTexts.cannotMessage);
    const sent = await send(a, c.id, 'hello?');
    expect(sent.status).toBe(403);
    expect(sent.body.error.message).toBe(MessagingTexts.cannotMessage);
    expect((await send(b, c.id, 'hello')).status).toBe(403);
    const reaction = await call('PUT', `/api/v1/messaging/messages/${before.id}/reaction`, {
      token: a.token,
      body: { reaction: '👍' },
    });
    expect(reaction.status).toBe(403);
    // The history stays readable to both.
    expect((await page(a, c.id, '')).messages.map((m) => m.body)).toEqual(['before the block']);

    await h.infra.bus.publish(
      eventEnvelope(MemberUnblocked, {
        blockerId: b.id,
        blockedId: a.id,
        unblockedAt: new Date().toISOString(),
      }),
    );
    await eventually(async () =>
      (await db().selectFrom('blocks').selectAll().where('blocker_id', '=', b.id).executeTakeFirst())
        ? undefined
        : true,
    );
    expect((await send(a, c.id, 'hello again')).status).toBe(201);
  });

  it("refuses non-connections of a member who chose 'Only my connections can message me'", async () => {
    const [a, c] = [await member(), await member()];
    await call('PATCH', '/api/v1/messaging/settings', {
      token: c.token,
      body: { onlyConnectionsCanMessage: true },
    });
    const refused = await call('POST', '/api/v1/messaging/conversations', {
      token: a.token,
      body: { memberId: c.id },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MessagingTexts.onlyConnections);

    const requestId = randomUUID();
    await h.infra.bus.publish(
      eventEnvelope(ConnectionAccepted, {
        requestId,
        senderId: a.id,
        receiverId: c.id,
        receiverName: 'C',
        receiverImageUrl: null,
        acceptedAt: new Date().toISOString(),
      }),
    );
    const conversation = await eventually(async () => {
      const r = await call('POST', '/api/v1/messaging/conversations', {
        token: a.token,
        body: { memberId: c.id },
      });
      return r.status === 201 ? (r.body as MessagingConversation) : undefined;
    });
    expect((await send(a, conversation.id, 'hi friend')).status).toBe(201);

    await h.infra.bus.publish(
      eventEnvelope(ConnectionRemoved, {
        requestId,
        senderId: a.id,
        receiverId: c.id,
        removedBy: c.id,
        reason: 'removed',
        removedAt: new Date().toISOString(),
      }),
    );
    await eventually(async () =>
      (await send(a, conversation.id, 'still?')).status === 403 ? true : undefined,
    );
    // The member who chose it can still write to anyone.
    expect((await send(c, conversation.id, 'I can write')).status).toBe(201);
    // ...and a reply to them is then welcome.
    expect((await send(a, conversation.id, 'a reply')).status).toBe(201);
  });
});

describe("other members' conversations and hostile input", () => {
  it("answers another member's conversation and messages as not found", async () => {
    const [a, b, eve] = [await member(), await member(), await member()];
    const c = await start(a, b);
    const m = (await send(a, c.id, 'private')).body as MessagingMessage;
    for (const [method, path, body] of [
      ['GET', `/api/v1/messaging/conversations/${c.id}`],
      ['GET', `/api/v1/messaging/conversations/${c.id}/messages`],
      ['GET', `/api/v1/messaging/conversations/${c.id}/messages?after=0`],
      ['POST', `/api/v1/messaging/conversations/${c.id}/messages`, { body: 'intrusion' }],
      ['POST', `/api/v1/messaging/conversations/${c.id}/read`],
      ['POST', `/api/v1/messaging/conversations/${c.id}/typing`],
      ['PATCH', `/api/v1/messaging/messages/${m.id}`, { body: 'x' }],
      ['DELETE', `/api/v1/messaging/messages/${m.id}`],
      ['PUT', `/api/v1/messaging/messages/${m.id}/reaction`, { reaction: '👍' }],
    ] as [Method, string, unknown?][]) {
      const r = await call(method, path, { token: eve.token, ...(body ? { body } : {}) });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    expect(await listed(eve, c.id)).toBeUndefined();
    expect((await page(b, c.id, '')).messages.map((x) => x.body)).toEqual(['private']);
  });

  it('refuses wrong types, huge strings and empty messages with 400, and sanitises hostile text', async () => {
    const [a, b] = [await member(), await member()];
    const c = await start(a, b);
    for (const body of [
      { body: { text: 'x' } },
      { body: ['x', 'y'] },
      { body: null },
      { body: 'x'.repeat(4001) },
      { body: '   ' },
      { body: '<script></script>' },
      { body: 'ok', clientMessageId: 'nope' },
      { body: 'ok', senderId: b.id },
      {},
    ]) {
      const res = await call('POST', `/api/v1/messaging/conversations/${c.id}/messages`, {
        token: a.token,
        body,
      });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe('invalid_data');
    }
    expect((await send(a, c.id, 'x'.repeat(4000))).status).toBe(201);
    for (const path of [
      '/api/v1/messaging/conversations/not-a-uuid/messages',
      `/api/v1/messaging/conversations/${c.id}/messages?limit=100000`,
      `/api/v1/messaging/conversations/${c.id}/messages?after=-1`,
      `/api/v1/messaging/conversations/${c.id}/messages?before=abc`,
    ]) {
      expect((await call('GET', path, { token: a.token })).status, path).toBe(400);
    }
    const reaction = await call('PUT', `/api/v1/messaging/messages/${randomUUID()}/reaction`, {
      token: a.token,
      body: { reaction: 'x'.repeat(17) },
    });
    expect(reaction.status).toBe(400);

    for (const hostile of HOSTILE_MESSAGES) {
      const r = await send(a, c.id, hostile);
      if (r.status === 201) {
        expect(r.body.body).not.toMatch(/<\s*script|javascript:|onerror\s*=/i);
      } else {
        expect(r.status).toBe(400);
      }
    }
    await eventually(() => eventsOf('messaging.security.threat-detected.v1', (p) => p.userId === a.id)[0]);
  });
});

describe('account deletion and orphan cleanup', () => {
  it("anonymises the deleted member's messages: the other sees 'Unknown' and deleted marks, once", async () => {
    const [a, b] = [await member('Dora'), await member('Elio')];
    await h.infra.bus.publish(
      eventEnvelope(ProfileUpdated, {
        userId: a.id,
        name: 'Dora Dias',
        username: 'dora',
        imageUrl: 'https://cdn.test/dora.jpg',
        cityId: null,
        location: null,
        languages: [],
        interests: [],
        updatedAt: new Date().toISOString(),
      }),
    );
    await eventually(async () =>
      (await db().selectFrom('members').select('name').where('user_id', '=', a.id).executeTakeFirst())
        ?.name === 'Dora Dias'
        ? true
        : undefined,
    );
    const c = await start(b, a);
    expect(c).toMatchObject({ participantName: 'Dora Dias', participantImage: 'https://cdn.test/dora.jpg' });
    await send(a, c.id, 'from Dora 1');
    await send(b, c.id, 'from Elio');
    await send(a, c.id, 'from Dora 2');
    expect(await unread(b)).toBe(2);

    await h.infra.bus.publish(eventEnvelope(UserDeleted, { userId: a.id }));
    await eventually(async () => ((await unread(b)) === 0 ? true : undefined));
    const seen = await listed(b, c.id);
    expect(seen).toMatchObject({
      participantId: null,
      participantName: 'Unknown',
      participantImage: null,
      lastMessage: null,
    });
    const history = (await page(b, c.id, '')).messages;
    expect(history.map((m) => [m.senderId, m.body])).toEqual([
      [null, null],
      [b.id, 'from Elio'],
      [null, null],
    ]);
    expect(history.every((m) => m.senderId !== null || m.deletedAt !== null)).toBe(true);
    expect(await db().selectFrom('members').selectAll().where('user_id', '=', a.id).execute()).toEqual([]);
    // The other member cannot write into a conversation with a deleted account; the deleted one's token is refused.
    const late = await send(b, c.id, 'are you there?');
    expect(late.status).toBe(409);
    expect(
      (await call('POST', '/api/v1/messaging/conversations', { token: a.token, body: { memberId: b.id } }))
        .status,
    ).toBe(401);

    // The second member's deletion leaves nobody: the conversation goes with its messages.
    await h.infra.bus.publish(eventEnvelope(UserDeleted, { userId: b.id }));
    await eventually(async () =>
      (await db().selectFrom('conversations').select('id').where('id', '=', c.id).executeTakeFirst())
        ? undefined
        : true,
    );
    expect(
      await db().selectFrom('messages').select('id').where('conversation_id', '=', c.id).execute(),
    ).toEqual([]);
  });

  it("cleans up orphaned messages for an admin, answering 'Cleanup Complete'; members are refused", async () => {
    const [a, b] = [await member(), await member()];
    const c = await start(a, b);
    await send(a, c.id, 'kept');
    await send(b, c.id, 'orphaned');
    // An orphan as an unfinished erasure or old data would leave it: a member row gone, their text still there.
    await db()
      .deleteFrom('conversation_members')
      .where('conversation_id', '=', c.id)
      .where('user_id', '=', b.id)
      .execute();
    const empty = randomUUID();
    await db()
      .insertInto('conversations')
      .values({ id: empty, created_by: null, title: null, pair_low: null, pair_high: null })
      .execute();
    await db()
      .insertInto('messages')
      .values({
        id: randomUUID(),
        conversation_id: empty,
        sequence: 1,
        sender_id: null,
        body: 'lost',
        client_message_id: null,
      })
      .execute();

    expect(
      (await call('POST', '/api/v1/messaging/admin/cleanup-orphaned-messages', { token: a.token })).status,
    ).toBe(403);
    const admin = await h.tokens.token({ perms: ['system_admin'] });
    const r = await call('POST', '/api/v1/messaging/admin/cleanup-orphaned-messages', { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.title).toBe('Cleanup Complete');
    expect(r.body.removedMessages).toBeGreaterThanOrEqual(2);
    expect(r.body.removedConversations).toBeGreaterThanOrEqual(1);
    expect((await page(a, c.id, '')).messages.map((m) => m.body)).toEqual(['kept']);
    const again = await call('POST', '/api/v1/messaging/admin/cleanup-orphaned-messages', { token: admin });
    expect(again.body).toMatchObject({
      removedMessages: 0,
      removedConversations: 0,
      message: 'No orphaned messages found.',
    });
  });
});

describe('typing', () => {
  it('publishes a typing hint to the other member only', async () => {
    const [a, b] = [await member(), await member()];
    const c = await start(a, b);
    const r = await call('POST', `/api/v1/messaging/conversations/${c.id}/typing`, { token: a.token });
    expect(r.status).toBe(204);
    const hint = await eventually(
      () => eventsOf('messaging.member.typed.v1', (p) => p.conversationId === c.id)[0],
    );
    expect(hint.payload).toMatchObject({ memberId: a.id, recipientIds: [b.id] });
  });
});

describe('Download my data', () => {
  it("exports the member's settings, conversations, sent messages and reactions, not the other's text", async () => {
    const [a, b] = [await member(), await member()];
    const c = await start(a, b);
    await send(a, c.id, 'mine');
    const theirs = (await send(b, c.id, 'theirs')).body as MessagingMessage;
    await call('PUT', `/api/v1/messaging/messages/${theirs.id}/reaction`, {
      token: a.token,
      body: { reaction: '✨' },
    });
    const r = await call('GET', '/api/v1/messaging/me/export', { token: a.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      service: 'messaging',
      version: 1,
      data: {
        settings: { readReceipts: true, onlyConnectionsCanMessage: false },
        conversations: [{ id: c.id, otherMemberId: b.id }],
        messagesSent: [{ conversationId: c.id, sequence: 1, body: 'mine' }],
        reactions: [{ messageId: theirs.id, reaction: '✨' }],
      },
    });
    expect(JSON.stringify(r.body)).not.toContain('theirs');
  });
});
