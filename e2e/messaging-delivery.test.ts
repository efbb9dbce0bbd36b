import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  MembershipActivated,
  messagingRoutes,
  UserRegistered,
  type MessagingMessage,
  type MessagingMessagePage,
  type RealtimeMessage,
} from '@mer/contracts';
import { createMemoryStore, startService } from '@mer/service-runtime';
import {
  createTestInfra,
  createTokenIssuer,
  eventEnvelope,
  eventually,
  type TestInfra,
  type TestTokenIssuer,
} from '@mer/service-runtime/testing';
import { startGateway, type RunningGateway } from '@mer/gateway';
import { messagingService } from '../services/messaging/src/index.ts';

/**
 * Issue 17, loss and duplication: B's socket is cut (a network drop, simulated by closing it) while A sends 20
 * messages; B reconnects and asks for what it missed after the last sequence number it saw: all 20, once, in order.
 * messaging and the gateway on the real bus (PostgreSQL, NATS; embedded fallback), B on the gateway's /ws.
 */
let infra: TestInfra;
let tokens: TestTokenIssuer;
let service: Awaited<ReturnType<typeof startMessaging>>;
let gateway: RunningGateway;
const sockets: WebSocket[] = [];

const startMessaging = () =>
  startService(messagingService, {
    ...infra,
    schema: infra.schemaFor('messaging'),
    verifier: tokens.verifier,
    env: {},
  });

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTokenIssuer();
  service = await startMessaging();
  gateway = await startGateway({
    services: { messaging: service.url },
    routes: Object.values(messagingRoutes),
    verifier: tokens.verifier,
    bus: infra.bus,
    store: createMemoryStore(),
    logger: infra.logger,
  });
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.terminate();
  await gateway?.stop();
  await service?.stop();
  await infra?.close();
});

interface Member {
  id: string;
  token: string;
}

async function member(): Promise<Member> {
  const id = randomUUID();
  await infra.bus.publish(
    eventEnvelope(UserRegistered, {
      userId: id,
      email: `d-${id.slice(0, 8)}@example.com`,
      name: `Member ${id.slice(0, 4)}`,
      username: `d_${id.slice(0, 8)}`,
      discountPercent: null,
      emailConfirmationUrl: 'http://mer.test/confirm-email?token=x',
      registeredAt: new Date().toISOString(),
    }),
  );
  await infra.bus.publish(
    eventEnvelope(MembershipActivated, {
      userId: id,
      membershipId: randomUUID(),
      planId: randomUUID(),
      planName: 'Basic',
      status: 'active',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      innerCircle: false,
      cancelAtPeriodEnd: false,
    }),
  );
  const db = service.context.db;
  await eventually(async () => {
    const known = await db
      .selectFrom('members')
      .select('user_id')
      .where('user_id', '=', id)
      .executeTakeFirst();
    const paid = await db
      .selectFrom('member_memberships')
      .select('user_id')
      .where('user_id', '=', id)
      .executeTakeFirst();
    return known && paid;
  });
  return { id, token: await tokens.token({ sub: id }) };
}

async function api<T>(m: Member, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${gateway.url}/api/v1/messaging${path}`, {
    method,
    headers: { authorization: `Bearer ${m.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A signed-in /ws client that collects what it is sent. */
async function listen(m: Member): Promise<{ socket: WebSocket; messages: RealtimeMessage[] }> {
  const socket = new WebSocket(`${gateway.url.replace('http', 'ws')}/ws`);
  sockets.push(socket);
  const messages: RealtimeMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as RealtimeMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token: m.token }));
  await eventually(() => messages.find((x) => x.type === 'ready'), 5000);
  return { socket, messages };
}

const created = (messages: RealtimeMessage[], conversationId: string) =>
  messages
    .filter((m) => m.type === 'messaging.message.created' && m.data.conversationId === conversationId)
    .map((m) => m.data as { messageId: string; sequence: number; body: string });

describe('delivery through the gateway loses nothing and doubles nothing', () => {
  it("gives B all 20 messages sent while B's socket was closed, once and in order, after a reconnect", async () => {
    const [a, b] = [await member(), await member()];
    const conversation = await api<{ id: string }>(a, 'POST', '/conversations', { memberId: b.id });
    const path = `/conversations/${conversation.id}/messages`;

    // B sees the first message live and remembers its sequence number, as the client does.
    const first = await listen(b);
    await api(a, 'POST', path, { body: 'before the drop', clientMessageId: randomUUID() });
    const live = await eventually(() => created(first.messages, conversation.id)[0], 5000);
    const lastSeen = live.sequence;

    // The network drops: B's socket closes; A sends 20 messages meanwhile (each with its optimistic id).
    first.socket.terminate();
    await new Promise((r) => first.socket.once('close', r));
    const sent: MessagingMessage[] = [];
    for (let i = 1; i <= 20; i++) {
      sent.push(
        await api<MessagingMessage>(a, 'POST', path, {
          body: `while away ${i}`,
          clientMessageId: randomUUID(),
        }),
      );
    }

    // B reconnects, then catches up after the last sequence number it saw (in pages, as the client does), and
    // merges with whatever the new socket pushes, deduplicating by message id.
    const second = await listen(b);
    const caughtUp: MessagingMessage[] = [];
    let after = lastSeen;
    for (;;) {
      const page = await api<MessagingMessagePage>(b, 'GET', `${path}?after=${after}&limit=7`);
      caughtUp.push(...page.messages);
      if (page.messages.length > 0) after = page.messages.at(-1)!.sequence;
      if (!page.hasMore) break;
    }
    expect(caughtUp.map((m) => m.body)).toEqual(sent.map((m) => m.body));
    expect(caughtUp.map((m) => m.id)).toEqual(sent.map((m) => m.id));
    expect(caughtUp.map((m) => m.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => lastSeen + 1 + i));

    // A message after the reconnect arrives live on the new socket; nothing before it is pushed again there.
    const afterwards = await api<MessagingMessage>(a, 'POST', path, {
      body: 'back again',
      clientMessageId: randomUUID(),
    });
    await eventually(
      () => created(second.messages, conversation.id).find((m) => m.messageId === afterwards.id),
      5000,
    );
    const view = new Map<string, number>();
    for (const m of [
      { messageId: live.messageId, sequence: live.sequence },
      ...caughtUp.map((m) => ({ messageId: m.id, sequence: m.sequence })),
      ...created(second.messages, conversation.id),
    ])
      view.set(m.messageId, m.sequence);
    const ordered = [...view.entries()].sort((x, y) => x[1] - y[1]);
    expect(ordered).toHaveLength(22);
    expect(ordered.map(([, seq]) => seq)).toEqual(Array.from({ length: 22 }, (_, i) => lastSeen + i));
    expect(created(second.messages, conversation.id).map((m) => m.messageId)).toEqual([afterwards.id]);
  }, 60_000);
});
