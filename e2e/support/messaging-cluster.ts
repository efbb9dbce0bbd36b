import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import pg from 'pg';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@mer/contracts';

/**
 * messaging in the cluster topology on this machine, for the fault test (e2e/messaging-cluster-faults.test.ts) and
 * `npm run bench:messaging`: the messaging process and N gateway processes, each its own Node process, on the
 * PostgreSQL, NATS JetStream and Redis servers, in a namespace of their own (schema messaging_<ns>, streams
 * <ns>…). Tokens are minted here against a key set served here, so identity is not needed; members are written
 * into messaging's copy of members and memberships directly (what identity's and billing's events would leave).
 */

export interface MessagingClusterOptions {
  namespace: string;
  /** messaging listens on portBase, gateway i on portBase + 1 + i. */
  portBase: number;
  gateways: number;
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
  /** Extra env for every process (LOG_LEVEL, …). */
  env?: Record<string, string>;
  /** Extra Node options for every process (`--cpu-prof`, …). */
  nodeOptions?: string[];
  onOutput?: (name: string, line: string) => void;
}

export interface MessagingCluster {
  messagingUrl: string;
  gatewayUrls: string[];
  /** kill -9 (or another signal) the messaging process, and start it again at once on the same port. */
  restartMessaging(signal?: NodeJS.Signals): Promise<void>;
  /** kill -9 gateway i for good. */
  killGateway(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** A member's access token (30 minutes). */
  token(userId: string): Promise<string>;
  /** Members messaging knows, with an active membership. */
  addMembers(userIds: readonly string[]): Promise<void>;
  /** Process ids of the running processes by name (messaging, gateway-1, …), for CPU accounting. */
  pids(): Record<string, number>;
  /** Stops every process, drops the schema (the caller removes the bus namespace). */
  stop(): Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '..', '..');

function launch(
  name: string,
  entry: string,
  env: Record<string, string>,
  onOutput?: (n: string, l: string) => void,
  nodeOptions: string[] = [],
) {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = '';
    stream?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        onOutput?.(name, buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
      }
    });
  }
  return child;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}

function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill(signal);
  });
}

export async function startMessagingCluster(o: MessagingClusterOptions): Promise<MessagingCluster> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'messaging-cluster', alg: 'EdDSA', use: 'sig' };
  const jwks: Server = createServer((_q, r) =>
    r.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })),
  );
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  const schema = `messaging_${o.namespace}`;
  const shared: Record<string, string> = {
    DATABASE_URL: o.databaseUrl,
    NATS_URL: o.natsUrl,
    REDIS_URL: o.redisUrl,
    JWKS_URL: `http://127.0.0.1:${(jwks.address() as { port: number }).port}/jwks.json`,
    BUS_NAMESPACE: o.namespace,
    REDIS_PREFIX: `mer:${o.namespace}:`,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...o.env,
  };
  const messagingUrl = `http://127.0.0.1:${o.portBase}`;
  const messagingEnv = {
    ...shared,
    PORT: String(o.portBase),
    DATABASE_SCHEMA: schema,
    PHOTO_STORAGE_DIR: resolve(repoRoot, `.tmp/${o.namespace}-photos`),
  };
  const children: ChildProcess[] = [];
  const start = async (name: string, entry: string, env: Record<string, string>, url: string) => {
    const child = launch(name, entry, env, o.onOutput, o.nodeOptions);
    children.push(child);
    await waitReady(url, child);
    return child;
  };
  const db = new pg.Client({ connectionString: o.databaseUrl });
  let messaging: ChildProcess;
  const gateways: ChildProcess[] = [];
  const gatewayUrls: string[] = [];
  try {
    messaging = await start('messaging', 'services/messaging/src/server.ts', messagingEnv, messagingUrl);
    for (let i = 0; i < o.gateways; i++) {
      const port = o.portBase + 1 + i;
      const url = `http://127.0.0.1:${port}`;
      gateways.push(
        await start(
          `gateway-${i + 1}`,
          'gateway/src/server.ts',
          {
            ...shared,
            PORT: String(port),
            SERVICE_URL_MESSAGING: messagingUrl,
            RATE_LIMIT_PER_MINUTE: '1000000000',
            RATE_LIMIT_SENSITIVE_PER_MINUTE: '1000000000',
          },
          url,
        ),
      );
      gatewayUrls.push(url);
    }
    await db.connect();
  } catch (err) {
    await Promise.all(children.map((c) => kill(c, 'SIGTERM')));
    jwks.close();
    throw err;
  }

  return {
    messagingUrl,
    gatewayUrls,
    async restartMessaging(signal = 'SIGKILL') {
      await kill(messaging, signal);
      messaging = await start('messaging', 'services/messaging/src/server.ts', messagingEnv, messagingUrl);
    },
    pids: () =>
      Object.fromEntries([
        ['messaging', messaging.pid!],
        ...gateways.map((g, i) => [`gateway-${i + 1}`, g.pid!] as const),
      ]),
    async killGateway(index, signal = 'SIGKILL') {
      await kill(gateways[index]!, signal);
    },
    token: (userId) =>
      new SignJWT({ sid: randomUUID(), roles: ['member'], perms: [] })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'messaging-cluster' })
        .setSubject(userId)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('30m')
        .sign(privateKey),
    async addMembers(userIds) {
      for (let i = 0; i < userIds.length; i += 1000) {
        const ids = userIds.slice(i, i + 1000);
        await db.query(
          `insert into ${schema}.members (user_id, name, image_url, profile_at)
           select id, 'Member ' || left(id::text, 4), null, now() from unnest($1::uuid[]) id`,
          [ids],
        );
        await db.query(
          `insert into ${schema}.member_memberships (membership_id, user_id, status, expires_at, occurred_at)
           select gen_random_uuid(), id, 'active', now() + interval '1 day', now() from unnest($1::uuid[]) id`,
          [ids],
        );
      }
    },
    async stop() {
      await Promise.all(gateways.map((g) => kill(g, 'SIGTERM')));
      await kill(messaging, 'SIGTERM');
      await db.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
      await db.end();
      jwks.close();
    },
  };
}
