import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { GATEWAY_DIR, GATEWAY_PORT, SERVICES, serviceUrlEnvName } from '../services.ts';

export interface ClusterOptions {
  databaseUrl?: string;
  natsUrl?: string;
  redisUrl?: string;
  /** Ports: each service's fixed port plus this offset (tests run beside a running cluster). */
  portOffset?: number;
  /** How many gateway processes (each on GATEWAY_PORT + offset + i). */
  gateways?: number;
  /** Keeps schemas, streams and Redis keys apart (tests). */
  namespace?: string;
  operatorKey: string;
  publicUrl?: string;
  env?: Record<string, string>;
  /** Where process output goes (default: this process's stdout, prefixed with the name). */
  onOutput?: (name: string, line: string) => void;
}

export interface ManagedProcess {
  name: string;
  url: string;
  child: ChildProcess;
  env: Record<string, string>;
}

export interface Cluster {
  services: ManagedProcess[];
  gateways: ManagedProcess[];
  /** Kills one process (signal defaults to SIGKILL) and starts it again with the same settings. */
  restart(name: string, signal?: NodeJS.Signals): Promise<ManagedProcess>;
  stop(): Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '..', '..');

function launch(name: string, entry: string, env: Record<string, string>, onOutput: (n: string, l: string) => void): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
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
        onOutput(name, buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
      }
    });
  }
  return child;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    child.kill(signal);
  });
}

/**
 * The cluster topology on one machine: every service and the gateway as its own process, on
 * PostgreSQL, NATS JetStream and Redis. docker-compose.yml and k8s/ describe the same deployment.
 */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const offset = opts.portOffset ?? 0;
  const onOutput = opts.onOutput ?? ((name, line) => process.stdout.write(`${name.padEnd(20)} | ${line}\n`));
  const identity = SERVICES.find((s) => s.name === 'identity')!;
  const gatewayCount = opts.gateways ?? 1;
  const shared: Record<string, string> = {
    DATABASE_URL: opts.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    NATS_URL: opts.natsUrl ?? 'nats://127.0.0.1:4222',
    REDIS_URL: opts.redisUrl ?? 'redis://127.0.0.1:6379',
    JWKS_URL: `http://127.0.0.1:${identity.port + offset}/api/v1/identity/.well-known/jwks.json`,
    PUBLIC_URL: opts.publicUrl ?? `http://localhost:${GATEWAY_PORT + offset}`,
    OPERATOR_KEY: opts.operatorKey,
    HOST: '127.0.0.1',
    ...(opts.namespace ? { BUS_NAMESPACE: opts.namespace, REDIS_PREFIX: `mer:${opts.namespace}:` } : {}),
    ...opts.env,
  };
  const all: ManagedProcess[] = [];
  const services: ManagedProcess[] = [];
  const gateways: ManagedProcess[] = [];

  const startOne = async (name: string, entry: string, env: Record<string, string>, url: string) => {
    const child = launch(name, entry, env, onOutput);
    const managed = { name, url, child, env };
    all.push(managed);
    await waitReady(url, child);
    return managed;
  };

  try {
    for (const s of SERVICES) {
      const port = s.port + offset;
      const env = {
        ...shared,
        PORT: String(port),
        ...(opts.namespace ? { DATABASE_SCHEMA: `${s.name.replace(/-/g, '_')}_${opts.namespace}` } : {}),
      };
      services.push(await startOne(s.name, `${s.dir}/src/server.ts`, env, `http://127.0.0.1:${port}`));
    }
    const serviceUrls = Object.fromEntries(services.map((s) => [serviceUrlEnvName(s.name), s.url]));
    for (let i = 0; i < gatewayCount; i++) {
      const port = GATEWAY_PORT + offset + i;
      const env = { ...shared, ...serviceUrls, PORT: String(port), HOST: process.env.HOST ?? '127.0.0.1' };
      gateways.push(await startOne(`gateway-${i + 1}`, `${GATEWAY_DIR}/src/server.ts`, env, `http://127.0.0.1:${port}`));
    }
  } catch (err) {
    await Promise.all(all.map((p) => stopChild(p.child)));
    throw err;
  }

  return {
    services,
    gateways,
    async restart(name, signal = 'SIGKILL') {
      const list = name.startsWith('gateway') ? gateways : services;
      const index = list.findIndex((p) => p.name === name);
      if (index < 0) throw new Error(`No process named ${name}`);
      const old = list[index]!;
      await stopChild(old.child, signal);
      const entry = name.startsWith('gateway') ? `${GATEWAY_DIR}/src/server.ts` : `${SERVICES.find((s) => s.name === name)!.dir}/src/server.ts`;
      const fresh = await startOne(name, entry, old.env, old.url);
      list[index] = fresh;
      return fresh;
    },
    async stop() {
      // Gateways first so no request reaches a stopping service.
      await Promise.all(gateways.map((g) => stopChild(g.child)));
      await Promise.all(services.map((s) => stopChild(s.child)));
    },
  };
}
