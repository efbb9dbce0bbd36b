import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { socialGraphRoutes, type ConnectionStatus, type RealtimeMessage } from '@mer/contracts';
import { createMemoryStore } from '@mer/service-runtime';
import { startGateway, type RunningGateway } from '@mer/gateway';
import {
  member,
  startHarness,
  type Harness,
  type TestMember,
} from '../services/social-graph/test/helpers.ts';

/**
 * Issue 14: a request sent by one member appears in the other member's open /connections within a second. The
 * social-graph service and the gateway on the real bus; the receiver listens on the gateway's /ws.
 */
let h: Harness;
let gateway: RunningGateway;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  h = await startHarness();
  gateway = await startGateway({
    services: { 'social-graph': h.service.url },
    routes: Object.values(socialGraphRoutes),
    verifier: h.tokens.verifier,
    bus: h.infra.bus,
    store: createMemoryStore(),
    logger: h.infra.logger,
  });
});

afterAll(async () => {
  for (const s of sockets) s.terminate();
  await gateway?.stop();
  await h?.stop();
});

/** A signed-in /ws client that collects what it is sent. */
async function listen(m: TestMember): Promise<RealtimeMessage[]> {
  const socket = new WebSocket(`${gateway.url.replace('http', 'ws')}/ws`);
  sockets.push(socket);
  const messages: RealtimeMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as RealtimeMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token: m.token }));
  await waitFor(() => messages.find((x) => x.type === 'ready'), 5000);
  return messages;
}

async function waitFor<T>(find: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`nothing within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const api = (m: TestMember, method: string, path: string, body?: unknown) =>
  fetch(`${gateway.url}/api/v1/social-graph${path}`, {
    method,
    headers: { authorization: `Bearer ${m.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe('connections refresh live through the gateway', () => {
  it('pushes a request to the receiver and the acceptance to the sender within a second; a block tells nobody', async () => {
    const a = await member(h);
    const b = await member(h);
    const toA = await listen(a);
    const toB = await listen(b);

    const sentAt = Date.now();
    const sent = await api(a, 'POST', '/connection-requests', { userId: b.id });
    expect(sent.status).toBe(201);
    const { requestId } = (await sent.json()) as ConnectionStatus;
    const pushed = await waitFor(() => toB.find((m) => m.type === 'connections.changed'), 1000);
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(pushed.data).toEqual({ change: 'requested', requestId, otherUserId: a.id });

    const accepted = await api(b, 'POST', `/connection-requests/${requestId}/accept`);
    expect(accepted.status).toBe(200);
    const toSender = await waitFor(() => toA.find((m) => m.type === 'connections.changed'), 1000);
    expect(toSender.data).toEqual({ change: 'accepted', requestId, otherUserId: b.id });

    // A block ends the connection silently: the blocked member is not told.
    const before = toA.length;
    expect((await api(b, 'POST', '/blocks', { userId: a.id })).status).toBe(204);
    await new Promise((r) => setTimeout(r, 500));
    expect(toA.slice(before).filter((m) => m.type === 'connections.changed')).toEqual([]);
  });
});
