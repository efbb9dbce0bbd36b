import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import {
  AdminSecurityEventLogged,
  CircleForumContentModerated,
  ConversationRead,
  MessageSent,
  SessionsRevoked,
  type EventEnvelope,
  type RealtimeMessage,
} from '@mer/contracts';
import { NatsBus, createMemoryStore, type EventBus } from '@mer/service-runtime';
import { createTestInfra, detectServers, type TestInfra } from '@mer/service-runtime/testing';
import { startGateway, WS_CLOSE, type RunningGateway } from '../src/index.ts';
import { createTestTokens, type TestTokens } from './support.ts';

let infra: TestInfra;
let tokens: TestTokens;
let gatewayA: RunningGateway;
let gatewayB: RunningGateway;
/** Gateway B's own connection to the bus: a second replica, as another process would have. */
let busB: EventBus;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTestTokens();
  const servers = await detectServers();
  busB =
    infra.bus.kind === 'nats' && servers.nats
      ? await NatsBus.connect({ servers: servers.nats, namespace: infra.namespace, name: 'gateway-b' })
      : infra.bus;
  const common = {
    services: {},
    routes: [],
    verifier: tokens.verifier,
    store: infra.store,
    logger: infra.logger,
    realtime: { authTimeoutMs: 300, heartbeatMs: 200 },
  };
  gatewayA = await startGateway({ ...common, bus: infra.bus });
  gatewayB = await startGateway({ ...common, bus: busB });
});

afterAll(async () => {
  for (const s of sockets) s.terminate();
  await gatewayA?.stop();
  await gatewayB?.stop();
  if (busB && busB !== infra.bus) await busB.close();
  await infra?.close();
});

/** A WebSocket client that records what it receives and how it was closed. */
function connect(gateway: RunningGateway) {
  const socket = new WebSocket(`${gateway.url.replace('http', 'ws')}/ws`);
  socket.on('error', () => undefined);
  sockets.push(socket);
  const messages: RealtimeMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as RealtimeMessage);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    closed,
    opened,
    async next(type: string, timeoutMs = 5000): Promise<RealtimeMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.type === type);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no ${type} message within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

async function signedIn(gateway: RunningGateway, sub = randomUUID(), perms: string[] = []) {
  const client = connect(gateway);
  await client.opened;
  client.socket.send(JSON.stringify({ type: 'auth', token: await tokens.sign({ sub, perms }) }));
  await client.next('ready');
  return { ...client, sub };
}

function revoked(userId: string | null): EventEnvelope {
  return {
    id: randomUUID(),
    subject: SessionsRevoked.subject,
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    version: 1,
    payload: { userId, reason: 'password_change' },
  };
}

describe('WebSocket at /ws', () => {
  it('closes with 4401 when no auth message comes in time', async () => {
    const client = connect(gatewayA);
    await client.opened;
    const { code } = await client.closed;
    expect(code).toBe(WS_CLOSE.unauthenticated);
  });

  it('closes with 4401 for a bad token or a first message that is not auth', async () => {
    const other = await createTestTokens();
    const bad = connect(gatewayA);
    await bad.opened;
    bad.socket.send(JSON.stringify({ type: 'auth', token: await other.sign() }));
    expect((await bad.closed).code).toBe(WS_CLOSE.unauthenticated);

    const rude = connect(gatewayA);
    await rude.opened;
    rude.socket.send('hello');
    expect((await rude.closed).code).toBe(WS_CLOSE.unauthenticated);
  });

  it('answers ready after auth, and pong to an application ping', async () => {
    const client = await signedIn(gatewayA);
    client.socket.send(JSON.stringify({ type: 'ping' }));
    await client.next('pong');
    // Heartbeats run every 200 ms here; a live client stays connected across several.
    await new Promise((r) => setTimeout(r, 700));
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
  });

  it("delivers an event to its member's sockets only, then closes them for a revoked session", async () => {
    const alice = await signedIn(gatewayA);
    const aliceSecondTab = connect(gatewayA);
    await aliceSecondTab.opened;
    aliceSecondTab.socket.send(
      JSON.stringify({ type: 'auth', token: await tokens.sign({ sub: alice.sub }) }),
    );
    await aliceSecondTab.next('ready');
    const bob = await signedIn(gatewayA);

    const event = revoked(alice.sub);
    await infra.bus.publish(event);
    for (const tab of [alice, aliceSecondTab]) {
      const message = await tab.next('session.revoked');
      expect(message).toEqual({
        type: 'session.revoked',
        eventId: event.id,
        at: event.occurredAt,
        data: { reason: 'password_change' },
      });
      expect((await tab.closed).code).toBe(WS_CLOSE.unauthenticated);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(bob.messages.map((m) => m.type)).toEqual(['ready']);
    expect(bob.socket.readyState).toBe(WebSocket.OPEN);
    bob.socket.close();
  });

  it('any replica serves any member: an event published on one side reaches a client of gateway B', async () => {
    // On NATS the two gateways hold separate connections, as two processes would.
    if (infra.bus.kind === 'nats') expect(busB).not.toBe(infra.bus);
    const carol = await signedIn(gatewayB);
    const onA = await signedIn(gatewayA, carol.sub);
    const event = revoked(carol.sub);
    // Published through infra.bus: gateway A's connection, not the one gateway B listens on.
    await infra.bus.publish(event);
    expect((await carol.next('session.revoked')).eventId).toBe(event.id);
    expect((await onA.next('session.revoked')).eventId).toBe(event.id);
    expect((await carol.closed).code).toBe(WS_CLOSE.unauthenticated);
  });

  it("an 'everyone' event reaches every signed-in member", async () => {
    const one = await signedIn(gatewayA);
    const two = await signedIn(gatewayB);
    const event = revoked(null);
    await infra.bus.publish(event);
    expect((await one.next('session.revoked')).data).toEqual({ reason: 'password_change' });
    expect((await two.next('session.revoked')).eventId).toBe(event.id);
  });

  it("delivers a message to every tab of both members of a conversation (messaging's list audience)", async () => {
    const ana = await signedIn(gatewayA);
    const anaOtherTab = await signedIn(gatewayB, ana.sub);
    const bea = await signedIn(gatewayB);
    const outsider = await signedIn(gatewayA);
    const conversationId = randomUUID();
    const sent: EventEnvelope = {
      id: randomUUID(),
      subject: MessageSent.subject,
      occurredAt: new Date().toISOString(),
      producer: 'messaging',
      version: 1,
      payload: {
        messageId: randomUUID(),
        conversationId,
        sequence: 1,
        senderId: ana.sub,
        senderName: 'Ana',
        senderImageUrl: null,
        recipientIds: [bea.sub],
        memberIds: [ana.sub, bea.sub],
        body: 'hello',
        clientMessageId: null,
        sentAt: new Date().toISOString(),
      },
    };
    await infra.bus.publish(sent);
    for (const tab of [ana, anaOtherTab, bea]) {
      const message = await tab.next('messaging.message.created');
      expect(message.data).toMatchObject({ conversationId, sequence: 1, senderId: ana.sub, body: 'hello' });
    }
    // Read receipts off: only the reader's own tabs hear of the read.
    await infra.bus.publish({
      id: randomUUID(),
      subject: ConversationRead.subject,
      occurredAt: new Date().toISOString(),
      producer: 'messaging',
      version: 1,
      payload: {
        conversationId,
        readerId: bea.sub,
        memberIds: [ana.sub, bea.sub],
        readUpTo: 1,
        receiptsVisible: false,
        readAt: new Date().toISOString(),
      },
    });
    expect((await bea.next('messaging.conversation.read')).data).toMatchObject({ readUpTo: 1 });
    await new Promise((r) => setTimeout(r, 200));
    expect(ana.messages.filter((m) => m.type === 'messaging.message.created')).toHaveLength(1);
    expect(ana.messages.some((m) => m.type === 'messaging.conversation.read')).toBe(false);
    expect(outsider.messages.map((m) => m.type)).toEqual(['ready']);
  });

  it("delivers a circle forum's moderation change to the circle's members only, ids and no text", async () => {
    const holder = await signedIn(gatewayA);
    const member = await signedIn(gatewayB);
    const outsider = await signedIn(gatewayA);
    const payload = {
      targetType: 'circle_discussion_reply',
      targetId: randomUUID(),
      authorId: member.sub,
      circleId: randomUUID(),
      discussionId: randomUUID(),
      change: 'hidden',
      decisionId: randomUUID(),
      memberIds: [holder.sub, member.sub],
    };
    await infra.bus.publish({
      id: randomUUID(),
      subject: CircleForumContentModerated.subject,
      occurredAt: new Date().toISOString(),
      producer: 'events-circles',
      version: 1,
      payload,
    });
    for (const client of [holder, member]) {
      const message = await client.next('circles.content.moderated');
      expect(message.data).toEqual({
        targetType: payload.targetType,
        targetId: payload.targetId,
        circleId: payload.circleId,
        discussionId: payload.discussionId,
        change: 'hidden',
      });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(outsider.messages.map((m) => m.type)).toEqual(['ready']);
  });

  it('delivers a permission audience only to members whose token holds one of the permissions', async () => {
    const admin = await signedIn(gatewayA, randomUUID(), ['system_admin']);
    const analyst = await signedIn(gatewayB, randomUUID(), ['system_analytics']);
    const member = await signedIn(gatewayA);
    const unrelated = await signedIn(gatewayB, randomUUID(), ['users_create']);
    const securityEventId = randomUUID();
    await infra.bus.publish({
      id: randomUUID(),
      subject: AdminSecurityEventLogged.subject,
      occurredAt: new Date().toISOString(),
      producer: 'admin',
      version: 1,
      payload: {
        securityEventId,
        type: 'devtools_opened',
        severity: 'medium',
        description: 'Developer tools were opened',
        source: 'browser',
        userId: member.sub,
        createdAt: new Date().toISOString(),
      },
    });
    for (const reader of [admin, analyst])
      expect((await reader.next('admin.security.logged')).data).toMatchObject({ id: securityEventId });
    await new Promise((r) => setTimeout(r, 200));
    expect(member.messages.map((m) => m.type)).toEqual(['ready']);
    expect(unrelated.messages.map((m) => m.type)).toEqual(['ready']);
  });

  it('closes the socket when its access token expires', async () => {
    const client = connect(gatewayA);
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'auth', token: await tokens.sign({ expiresInSeconds: 1 }) }));
    await client.next('ready');
    const { code, reason } = await client.closed;
    expect(code).toBe(WS_CLOSE.unauthenticated);
    expect(reason).toBe('token expired');
  });

  it('keeps at most maxSocketsPerMember sockets per member, closing the oldest', async () => {
    const capped = await startGateway({
      services: {},
      routes: [],
      verifier: tokens.verifier,
      store: infra.store,
      logger: infra.logger,
      bus: infra.bus,
      realtime: { maxSocketsPerMember: 2 },
    });
    try {
      const sub = randomUUID();
      const first = await signedIn(capped, sub);
      await signedIn(capped, sub);
      await signedIn(capped, sub);
      expect((await first.closed).code).toBe(WS_CLOSE.tooMany);
    } finally {
      await capped.stop();
    }
  });

  it('counts connection attempts against the per-IP limit', async () => {
    // Its own counters: the other gateways of this file count connections from this address too.
    const store = createMemoryStore();
    const limited = await startGateway({
      services: {},
      routes: [],
      verifier: tokens.verifier,
      store,
      logger: infra.logger,
      bus: infra.bus,
      rateLimits: { perIp: 2 },
    });
    try {
      await connect(limited).opened;
      await connect(limited).opened;
      const refused = new WebSocket(`${limited.url.replace('http', 'ws')}/ws`);
      refused.on('error', () => undefined);
      sockets.push(refused);
      const status = await new Promise<number>((resolve) =>
        refused.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
      );
      expect(status).toBe(429);
    } finally {
      await limited.stop();
      await store.close();
    }
  });

  it('never takes the token from the URL', async () => {
    const token = await tokens.sign();
    const socket = new WebSocket(`${gatewayA.url.replace('http', 'ws')}/ws?token=${token}`);
    socket.on('error', () => undefined);
    sockets.push(socket);
    const code = await new Promise<number>((resolve) => socket.on('close', (c) => resolve(c)));
    expect(code).toBe(WS_CLOSE.unauthenticated);
  });
});
