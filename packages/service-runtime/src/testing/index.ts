import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  type EventDefinition,
  type EventEnvelope,
  type EventPayload,
} from '@mer/contracts';
import { createTokenVerifier, type TokenVerifier } from '../auth.ts';
import { request as httpRequest } from 'node:http';
import { Socket } from 'node:net';
import { pino } from 'pino';
import {
  createPgliteProvider,
  createPostgresProvider,
  openPglite,
  type Database,
  type DatabaseProvider,
} from '../db/database.ts';
import { EmbeddedBus } from '../bus/embedded-bus.ts';
import { NatsBus } from '../bus/nats-bus.ts';
import { newEventEnvelope } from '../bus/outbox.ts';
export { freePort } from '../net.ts';
export { hostileValues } from './hostile-values.ts';
export { exited, serviceProcesses } from './service-process.ts';
import type { EventBus } from '../bus/types.ts';
import { createMemoryStore, createRedisStore, type KeyValueStore } from '../cache.ts';
import type { Logger } from '../logger.ts';

export interface TestServers {
  postgres?: string;
  nats?: string;
  redis?: string;
}

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port || defaultPort), hostname, () => done(true));
  });
}

let detected: Promise<TestServers> | undefined;
/**
 * Which real servers the tests can use. Defaults are the development machines' local ones;
 * MER_TEST_EMBEDDED=1 forces the embedded engines. What is missing falls back, and says so.
 */
export function detectServers(): Promise<TestServers> {
  detected ??= (async () => {
    if (process.env.MER_TEST_EMBEDDED === '1') return {};
    const candidates = {
      postgres: process.env.MER_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      nats: process.env.MER_TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
      redis: process.env.MER_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    };
    const [pg, nats, redis] = await Promise.all([
      reachable(candidates.postgres, 5432),
      reachable(candidates.nats, 4222),
      reachable(candidates.redis, 6379),
    ]);
    const found: TestServers = {};
    if (pg) found.postgres = candidates.postgres;
    if (nats) found.nats = candidates.nats;
    if (redis) found.redis = candidates.redis;
    return found;
  })();
  return detected;
}

export const testLogger = (): Logger =>
  pino({ level: process.env.MER_TEST_LOG_LEVEL ?? 'silent' }) as unknown as Logger;

export interface TestInfra {
  /** 'real' when every server was reachable, else what fell back. */
  describe: string;
  databases: DatabaseProvider;
  bus: EventBus;
  store: KeyValueStore;
  logger: Logger;
  /** A unique suffix for this infra: schemas and streams carry it, so tests never see each other. */
  namespace: string;
  /** Schema name for a service, unique to this infra. */
  schemaFor(service: string): string;
  close(): Promise<void>;
}

/**
 * Real PostgreSQL, NATS JetStream and Redis when they run here; otherwise PGlite in memory,
 * the embedded bus and the memory store. Everything is namespaced and removed on close.
 */
export async function createTestInfra(opts: { force?: 'embedded' | 'real' } = {}): Promise<TestInfra> {
  const servers = opts.force === 'embedded' ? {} : await detectServers();
  if (opts.force === 'real' && (!servers.postgres || !servers.nats || !servers.redis)) {
    throw new Error('Real PostgreSQL, NATS and Redis are required for this test');
  }
  const namespace = `t${randomBytes(4).toString('hex')}`;
  const logger = testLogger();
  const schemas = new Set<string>();
  let base: DatabaseProvider;
  if (servers.postgres) {
    base = createPostgresProvider(servers.postgres, { max: 4 });
  } else {
    base = createPgliteProvider(await openPglite());
  }
  const databases: DatabaseProvider = {
    kind: base.kind,
    forSchema(schema: string): Database {
      schemas.add(schema);
      return base.forSchema(schema);
    },
    close: () => base.close(),
  };
  const bus: EventBus = servers.nats
    ? await NatsBus.connect({ servers: servers.nats, namespace, logger })
    : await EmbeddedBus.open(databases.forSchema(`mer_bus_${namespace}`), logger);
  const store = servers.redis
    ? await createRedisStore(servers.redis, `mer:${namespace}:`)
    : createMemoryStore();
  const parts = [
    servers.postgres ? 'PostgreSQL' : 'PGlite (embedded)',
    servers.nats ? 'NATS JetStream' : 'embedded bus',
    servers.redis ? 'Redis' : 'memory store',
  ];
  return {
    describe: parts.join(', '),
    databases,
    bus,
    store,
    logger,
    namespace,
    schemaFor: (service) => `${service.replace(/-/g, '_')}_${namespace}`,
    async close() {
      await bus.close();
      if (bus instanceof NatsBus) {
        const cleanup = await NatsBus.connect({ servers: servers.nats!, namespace });
        await cleanup.destroyNamespace().catch(() => undefined);
        await cleanup.close();
      }
      await store.close();
      if (servers.postgres) {
        const admin = createPostgresProvider(servers.postgres, { max: 1 }).forSchema('public');
        for (const schema of schemas) {
          await admin.exclusiveSession('cleanup', (s) => s.exec(`drop schema if exists "${schema}" cascade`));
        }
        await admin.close();
      }
      await databases.close();
    },
  };
}

/** Polls until fn returns a truthy value or the time is up. */
export async function eventually<T>(
  fn: () => Promise<T> | T,
  timeoutMs = 10_000,
  intervalMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`Condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}

/**
 * Removes what processes started with BUS_NAMESPACE/DATABASE_SCHEMA suffix `namespace` left
 * behind: their schemas (`<service>_<namespace>`), streams and Redis keys.
 */
export async function removeNamespace(servers: TestServers, namespace: string): Promise<void> {
  if (!/^[a-z0-9]+$/.test(namespace)) throw new Error('unsafe namespace');
  if (servers.postgres) {
    const admin = createPostgresProvider(servers.postgres, { max: 1 }).forSchema('public');
    await admin.exclusiveSession('cleanup', async (s) => {
      const rows = await s.query<{ nspname: string }>(
        `select nspname from pg_namespace where nspname like $1`,
        [`%\\_${namespace}`],
      );
      for (const { nspname } of rows) await s.exec(`drop schema if exists "${nspname}" cascade`);
    });
    await admin.close();
  }
  if (servers.nats) {
    const bus = await NatsBus.connect({ servers: servers.nats, namespace });
    await bus.destroyNamespace().catch(() => undefined);
    await bus.close();
  }
  // Redis keys of a namespace expire on their own (rate-limit windows); nothing to do there.
}

/** An event exactly as the producer's outbox would put it on the bus. */
export function eventEnvelope<E extends EventDefinition>(
  def: E,
  payload: EventPayload<E>,
  overrides: Partial<EventEnvelope> = {},
): EventEnvelope<EventPayload<E>> {
  return { ...newEventEnvelope(def, payload), ...overrides };
}

/**
 * A real bus that hands every delivery to the handler twice, as JetStream does when an ack is
 * lost after the handler committed: consumers must apply each event once.
 */
export function deliveringTwice(bus: EventBus): EventBus {
  return {
    kind: bus.kind,
    publish: (event) => bus.publish(event),
    subscribe: (opts) =>
      bus.subscribe({
        ...opts,
        handler: async (event) => {
          await opts.handler(structuredClone(event));
          await opts.handler(structuredClone(event));
        },
      }),
    subscribeBroadcast: (subject, handler) => bus.subscribeBroadcast(subject, handler),
    consumerLag: () => bus.consumerLag(),
    close: () => bus.close(),
  };
}

export interface TestTokenIssuer {
  /** Trusts only this issuer's key: pass it as the service's `verifier`. */
  verifier: TokenVerifier;
  token(claims?: { sub?: string; perms?: string[]; roles?: string[]; expiresIn?: string }): Promise<string>;
}

/**
 * Access tokens signed like identity's (EdDSA, MER's issuer and audience) with a key made here,
 * so a service's real access checks run in its tests without starting identity.
 */
export async function createTokenIssuer(): Promise<TestTokenIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
  return {
    verifier: createTokenVerifier({ jwks: { keys: [jwk] } }),
    token: (claims = {}) =>
      new SignJWT({
        sid: randomUUID(),
        roles: claims.roles ?? [],
        perms: claims.perms ?? [],
        iat_ms: Date.now(),
      })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key' })
        .setSubject(claims.sub ?? randomUUID())
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(claims.expiresIn ?? '10m')
        .sign(privateKey),
  };
}

/**
 * Sends only the headers of a request that announces a body of `contentLength` bytes, and resolves with the
 * answer: a server that answers at all has decided before reading the body (access checks, size limits).
 */
export function answerToHeadersOnly(
  url: string,
  method: string,
  headers: Record<string, string>,
  contentLength: number,
): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method,
      headers: { ...headers, 'content-length': String(contentLength) },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body });
      });
    });
    // The server may close the connection on the unsent body once it has answered.
    req.on('error', (err) =>
      (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err),
    );
    req.flushHeaders();
  });
}
