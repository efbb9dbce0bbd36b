import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { SessionsRevoked, type EventEnvelope } from '@mer/contracts';
import {
  NatsBus,
  createRedisStore,
  type EventBus,
  type KeyValueStore,
  type RunningService,
} from '@mer/service-runtime';
import { createTestInfra, detectServers, type TestInfra } from '@mer/service-runtime/testing';
import { startGateway, WS_CLOSE, type GatewayOptions, type RunningGateway } from '../src/index.ts';
import { createTestTokens, echoRouteList, startEchoService, type TestTokens } from './support.ts';

/**
 * A suspended, deleted or signed-out-by-an-admin member's still-valid access token is refused at once, on every
 * gateway replica: two gateways, each with its own NATS connection and its own Redis client (as two processes),
 * in front of a real service. On this machine: real NATS JetStream and Redis; elsewhere the embedded engines.
 */
let infra: TestInfra;
let tokens: TestTokens;
let service: RunningService;
let gatewayA: RunningGateway;
let gatewayB: RunningGateway;
let common: Omit<GatewayOptions, 'bus' | 'store'>;
const ownBuses: EventBus[] = [];
const ownStores: KeyValueStore[] = [];
const gateways: RunningGateway[] = [];
const sockets: WebSocket[] = [];

/** A second replica's own connections to the bus and the store (the shared ones when embedded). */
async function replicaConnections(name: string): Promise<{ bus: EventBus; store: KeyValueStore }> {
  const servers = await detectServers();
  let bus = infra.bus;
  let store = infra.store;
  if (infra.bus.kind === 'nats' && servers.nats) {
    bus = await NatsBus.connect({ servers: servers.nats, namespace: infra.namespace, name });
    ownBuses.push(bus);
  }
  if (infra.store.kind === 'redis' && servers.redis) {
    store = await createRedisStore(servers.redis, `mer:${infra.namespace}:`);
    ownStores.push(store);
  }
  return { bus, store };
}

async function startReplica(name: string): Promise<RunningGateway> {
  const gateway = await startGateway({ ...common, ...(await replicaConnections(name)) });
  gateways.push(gateway);
  return gateway;
}

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTestTokens();
  service = await startEchoService(infra, tokens.verifier);
  common = {
    services: { echo: service.url },
    routes: echoRouteList,
    verifier: tokens.verifier,
    logger: infra.logger,
    // Every request of these tests comes from one address.
    rateLimits: { perIp: 10_000 },
    accessRevocations: { resyncMs: 200 },
  };
  gatewayA = await startGateway({ ...common, bus: infra.bus, store: infra.store });
  gateways.push(gatewayA);
  gatewayB = await startReplica('gateway-b');
});

afterAll(async () => {
  for (const s of sockets) s.terminate();
  for (const g of gateways) await g.stop();
  await service?.stop();
  for (const b of ownBuses) await b.close();
  for (const s of ownStores) await s.close();
  await infra?.close();
});

function revoked(userId: string | null, reason: string): EventEnvelope {
  return {
    id: randomUUID(),
    subject: SessionsRevoked.subject,
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    version: 1,
    payload: { userId, reason },
  };
}

async function me(gateway: RunningGateway, token: string): Promise<number> {
  const res = await fetch(`${gateway.url}/api/v1/echo/me`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

/** The first status other than 200 within `ms`, polling as a member's tab would. */
async function refusedWithin(gateway: RunningGateway, token: string, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const status = await me(gateway, token);
    if (status !== 200 || Date.now() > deadline) return status;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A later second (the tests of tokens without iat_ms, and to be sure of "after"). */
async function nextSecond(): Promise<void> {
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
}

async function openSocket(gateway: RunningGateway, token: string) {
  const socket = new WebSocket(`${gateway.url.replace('http', 'ws')}/ws`);
  sockets.push(socket);
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const first = new Promise<string>((resolve) =>
    socket.once('message', (data) => resolve((JSON.parse(data.toString()) as { type: string }).type)),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token }));
  return { socket, closed, first };
}

describe('revoked access at the gateway', () => {
  it("a suspended member's valid token gets 401 within a second on every replica; a token issued after works", async () => {
    const member = randomUUID();
    const bystander = await tokens.sign();
    const before = await tokens.sign({ sub: member });
    expect(await me(gatewayA, before)).toBe(200);
    expect(await me(gatewayB, before)).toBe(200);
    const socketOnB = await openSocket(gatewayB, before);
    expect(await socketOnB.first).toBe('ready');

    const started = Date.now();
    await infra.bus.publish(revoked(member, 'admin_suspended'));
    const [onA, onB] = await Promise.all([
      refusedWithin(gatewayA, before, 1000),
      refusedWithin(gatewayB, before, 1000),
    ]);
    expect([onA, onB]).toEqual([401, 401]);
    expect(Date.now() - started).toBeLessThan(1000);
    // The answer is an expired token's, word for word.
    const res = await fetch(`${gatewayB.url}/api/v1/echo/me`, {
      headers: { authorization: `Bearer ${before}` },
    });
    const expired = await fetch(`${gatewayB.url}/api/v1/echo/me`, {
      headers: { authorization: `Bearer ${await tokens.sign({ sub: member, expiresInSeconds: -5 })}` },
    });
    const answer = async (r: Response) => {
      const { error } = (await r.json()) as { error: Record<string, unknown> };
      return { status: r.status, ...error, details: undefined };
    };
    expect(await answer(res)).toEqual(await answer(expired));
    // The member's open socket on the other replica was closed at once; the old token opens no new one.
    expect(await socketOnB.closed).toBe(WS_CLOSE.unauthenticated);
    const again = await openSocket(gatewayA, before);
    expect(await again.closed).toBe(WS_CLOSE.unauthenticated);
    // Everyone else is untouched.
    expect(await me(gatewayA, bystander)).toBe(200);

    // Unsuspended, the member logs in again: the new token works on both replicas, also on /ws.
    await nextSecond();
    const after = await tokens.sign({ sub: member });
    expect(await me(gatewayA, after)).toBe(200);
    expect(await me(gatewayB, after)).toBe(200);
    expect(await (await openSocket(gatewayA, after)).first).toBe('ready');
    expect(await me(gatewayB, before)).toBe(401);
  });

  it('ending sessions and deleting the account revoke too; a password change or reset does not', async () => {
    for (const reason of ['admin_revoked', 'account_deleted']) {
      const token = await tokens.sign({ sub: randomUUID() });
      const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
      await infra.bus.publish(revoked(sub, reason));
      expect(await refusedWithin(gatewayB, token, 1000)).toBe(401);
    }
    for (const reason of ['password_change', 'password_reset', 'refresh_token_reuse']) {
      const sub = randomUUID();
      const token = await tokens.sign({ sub });
      await infra.bus.publish(revoked(sub, reason));
      await new Promise((r) => setTimeout(r, 300));
      expect(await me(gatewayA, token)).toBe(200);
      expect(await me(gatewayB, token)).toBe(200);
    }
  });

  it('a replica started after the suspension refuses the token too (it reads the shared map)', async () => {
    const member = randomUUID();
    const token = await tokens.sign({ sub: member });
    await infra.bus.publish(revoked(member, 'admin_suspended'));
    expect(await refusedWithin(gatewayA, token, 1000)).toBe(401);
    // On Redis the late replica has its own client; embedded, the replicas share the process's memory store.
    const late = await startReplica('gateway-late');
    expect(await me(late, token)).toBe(401);
  });

  it('"end all sessions" refuses every token issued before it, and none issued after', async () => {
    const one = await tokens.sign();
    const two = await tokens.sign({ perms: ['system_admin'] });
    await infra.bus.publish(revoked(null, 'admin_revoke_all'));
    expect(await refusedWithin(gatewayA, one, 1000)).toBe(401);
    expect(await refusedWithin(gatewayB, two, 1000)).toBe(401);
    // Signing in again at once works: tokens carry their time in ms (iat_ms), so one issued in the same second as
    // the revocation but after it is not refused.
    expect(await me(gatewayA, await tokens.sign())).toBe(200);
    expect(await me(gatewayB, await tokens.sign({ perms: ['system_admin'] }))).toBe(200);
  });
});
