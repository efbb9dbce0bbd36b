import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { Type } from '@sinclair/typebox';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, defineRoutes } from '@mer/contracts';
import type * as ServiceRuntime from '@mer/service-runtime';

/**
 * `npm run bench:gateway`: an authenticated GET through the gateway, the same route on the service
 * directly, through a bare relay (node:http in, undici out, no checks: the floor of any gateway on
 * this machine), and a bare node:http hello world, each in its own process with the load generator
 * in this one. Prints req/s, p99 and CPU time per request, the ratios, and the p99 the gateway adds
 * at half its maximum rate. Maximum rates come from autocannon (closed loop, 50 connections). The
 * half-rate latencies come from an open-loop generator that sends at evenly spaced instants:
 * autocannon's own rate option sends each second's quota in a burst and then idles, which measures
 * bursts of full load rather than a steady half load.
 * The machine is shared, and on it a full garbage collection in any one process stalls every process
 * for tens of milliseconds (seen with BENCH_FLAGS_<ROLE>=--trace-gc), which lands in one run's p99
 * and not in the other's. So the runs alternate over ROUNDS rounds: maximum rates are the best round
 * (others' work only ever slows a run down), the p99 difference at half rate the median round.
 * Settings: DURATION (s per run, default 6), ROUNDS (default 5), CONNECTIONS (default 50),
 * STEADY_WARMUP (s at the steady rate before measuring, default 1), STEADY_RATE (instead of half),
 * BENCH_STORE=redis to count rate limits in Redis as the cluster does (default: memory, as embedded),
 * BENCH_PROFILE=gateway|service to write a CPU profile of that process to .tmp/profiles,
 * BENCH_FLAGS_<ROLE>='--trace-gc ...' for node flags of one process (BARE, SERVICE, RELAY, GATEWAY).
 */

const DURATION = Number(process.env.DURATION ?? 6);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const WARMUP = Number(process.env.WARMUP ?? 3);
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 5));
const SELF = fileURLToPath(import.meta.url);

const benchRoutes = defineRoutes('bench', {
  hello: {
    method: 'GET',
    path: '/api/v1/bench/hello',
    summary: 'A small JSON answer for a signed-in member',
    access: { kind: 'user' },
    response: { 200: Type.Object({ hello: Type.String(), member: Type.String() }) },
  },
});

type Role = 'bare' | 'service' | 'gateway' | 'relay';
type ToChild = { type: 'cpu' } | { type: 'stop' };
type FromChild = { type: 'listening'; url: string; describe?: string } | { type: 'cpu'; micros: number };

// ---------------------------------------------------------------- children

async function runChild(role: Role): Promise<void> {
  // Imported here, not at the top: the parent is the load generator and should carry no more heap
  // than it needs, since its garbage collection pauses delay the answers it times.
  const {
    createMemoryStore,
    createTokenVerifier,
    currentUser,
    defineService,
    registerRoute,
    startService,
  }: typeof ServiceRuntime = await import('@mer/service-runtime');
  const { createTestInfra } = await import('@mer/service-runtime/testing');
  const { startGateway } = await import('@mer/gateway');
  const send = (m: FromChild) => process.send!(m);
  let stop: () => Promise<void>;
  if (role === 'bare') {
    const body = JSON.stringify({ hello: 'world', member: '00000000-0000-4000-8000-000000000000' });
    const server = createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    send({ type: 'listening', url: `http://127.0.0.1:${port}` });
    stop = () => new Promise((resolve) => server.close(() => resolve()));
  } else if (role === 'service') {
    const infra = await createTestInfra();
    const verifier = createTokenVerifier({ jwks: JSON.parse(process.env.BENCH_JWKS!) });
    const service = await startService(
      defineService({
        name: 'bench',
        routes(app) {
          registerRoute(app, benchRoutes.hello, async (request) => ({
            hello: 'world',
            member: currentUser(request).sub,
          }));
        },
      }),
      {
        ...infra,
        schema: infra.schemaFor('bench'),
        verifier,
        env: { LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' },
      },
    );
    send({ type: 'listening', url: service.url, describe: infra.describe });
    stop = async () => {
      await service.stop();
      await infra.close();
    };
  } else if (role === 'relay') {
    // The floor of any HTTP gateway here: node:http in, undici out, no checks, no headers of its own.
    const pool = new Pool(process.env.BENCH_SERVICE_URL!, { connections: 256, pipelining: 1 });
    const server = createServer((req, res) => {
      const headers: string[] = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i]!.toLowerCase();
        if (name !== 'host' && name !== 'connection') headers.push(name, req.rawHeaders[i + 1]!);
      }
      pool.dispatch(
        { path: req.url!, method: 'GET', headers },
        {
          onConnect() {},
          onHeaders(status: number, raw: Buffer[]) {
            const out: string[] = [];
            for (let i = 0; i < raw.length; i += 2) {
              const name = raw[i]!.toString('latin1').toLowerCase();
              if (name !== 'connection' && name !== 'keep-alive' && name !== 'date')
                out.push(name, raw[i + 1]!.toString('latin1'));
            }
            res.writeHead(status, out);
            return true;
          },
          onData(chunk: Buffer) {
            return res.write(chunk) || true;
          },
          onComplete() {
            res.end();
          },
          onError() {
            res.destroy();
          },
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    send({ type: 'listening', url: `http://127.0.0.1:${port}` });
    stop = async () => {
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      await pool.close();
    };
  } else {
    const infra = await createTestInfra();
    const store = process.env.BENCH_STORE === 'redis' ? infra.store : createMemoryStore();
    const gateway = await startGateway({
      services: { bench: process.env.BENCH_SERVICE_URL! },
      routes: Object.values(benchRoutes),
      verifier: createTokenVerifier({ jwks: JSON.parse(process.env.BENCH_JWKS!) }),
      bus: infra.bus,
      store,
      logger: infra.logger,
      // Counted as in production, but high enough that one address can load-test.
      rateLimits: { perIp: 1_000_000_000 },
    });
    send({ type: 'listening', url: gateway.url, describe: `rate limits in ${store.kind}` });
    stop = async () => {
      await gateway.stop();
      if (store !== infra.store) await store.close();
      await infra.close();
    };
  }
  process.on('message', async (message: ToChild) => {
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ type: 'cpu', micros: user + system });
    } else if (message.type === 'stop') {
      await stop();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- parent

interface Child {
  role: Role;
  process: ChildProcess;
  url: string;
  describe?: string;
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

function startChild(role: Role, env: Record<string, string>): Promise<Child> {
  const profile = process.env.BENCH_PROFILE === role ? ['--cpu-prof', '--cpu-prof-dir=.tmp/profiles'] : [];
  // BENCH_FLAGS_GATEWAY='--trace-gc' and the like: node flags for one process.
  profile.push(...(process.env[`BENCH_FLAGS_${role.toUpperCase()}`] ?? '').split(' ').filter(Boolean));
  const child = fork(SELF, [role], {
    execArgv: ['--import', 'tsx', ...profile],
    env: { ...process.env, ...env, BENCH_ROLE: role },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T extends FromChild['type']>(type: T) =>
    new Promise<Extract<FromChild, { type: T }>>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${role} exited with ${code}`));
      const onMessage = (m: FromChild) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m as Extract<FromChild, { type: T }>);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return ask('listening').then((m) => ({
    role,
    process: child,
    url: m.url,
    ...(m.describe ? { describe: m.describe } : {}),
    async cpu() {
      const answer = ask('cpu');
      child.send({ type: 'cpu' } satisfies ToChild);
      return (await answer).micros;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' } satisfies ToChild);
      await exited;
    },
  }));
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** CPU microseconds per request, per measured process. */
  cpuPerRequest: Record<string, number>;
}

async function load(
  url: string,
  headers: Record<string, string>,
  measured: Child[],
  opts: { duration: number; rate?: number },
): Promise<Run> {
  const before = await Promise.all(measured.map((c) => c.cpu()));
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: opts.duration,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
  });
  const after = await Promise.all(measured.map((c) => c.cpu()));
  const requests = result.requests.total;
  const cpuPerRequest: Record<string, number> = {};
  measured.forEach((c, i) => (cpuPerRequest[c.role] = (after[i]! - before[i]!) / Math.max(1, requests)));
  return {
    rps: requests / opts.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests,
    errors: result.non2xx + result.errors + result.timeouts,
    cpuPerRequest,
  };
}

/**
 * Open-loop load: request i leaves at start + i/rate whatever the answers before it did, over up to
 * CONNECTIONS keep-alive connections. Latency runs from sending to the last byte of the answer.
 * The first STEADY_WARMUP seconds (default 1) run at the same rate but are not counted: a process
 * that has idled answers its first few hundred requests slowly (cold caches, lazy compilation),
 * which says nothing about its steady latency. Latencies go into a preallocated Float64Array so that
 * the generator's own garbage collection, which pauses this process and so delays reading answers
 * from whichever target is measured, stays small.
 */
async function steady(
  url: string,
  headers: Record<string, string>,
  measured: Child[],
  rate: number,
  durationS: number,
): Promise<Run> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: CONNECTIONS, pipelining: 1 });
  const path = target.pathname + target.search;
  const headerList = Object.entries(headers).flat();
  const warmup = Math.round(rate * Number(process.env.STEADY_WARMUP ?? 1));
  const total = warmup + Math.round(rate * durationS);
  const latencies = new Float64Array(total - warmup).fill(Number.POSITIVE_INFINITY);
  let errors = 0;
  let pending = 0;
  let settled: (() => void) | undefined;
  const done = () => {
    if (--pending === 0) settled?.();
  };
  // undici's low-level API, like the gateway's relay: the generator should cost little CPU so that
  // the processes measured get the machine.
  const one = (index: number) => {
    const sent = performance.now();
    let status = 0;
    pending++;
    pool.dispatch(
      { path, method: 'GET', headers: headerList },
      {
        onConnect() {},
        onHeaders(statusCode: number) {
          status = statusCode;
          return true;
        },
        onData() {
          return true;
        },
        onComplete() {
          if (index >= warmup) {
            if (status !== 200) errors++;
            latencies[index - warmup] = performance.now() - sent;
          }
          done();
        },
        onError() {
          if (index >= warmup) errors++;
          done();
        },
      },
    );
  };
  const drain = () =>
    new Promise<void>((resolve) => {
      if (pending === 0) return resolve();
      settled = resolve;
    });
  // Open the connections first so that opening them is not measured.
  for (let i = 0; i < CONNECTIONS; i++) one(-1);
  await drain();

  const before = await Promise.all(measured.map((c) => c.cpu()));
  const startedAt = performance.now();
  let measuredFrom = startedAt;
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - startedAt) / 1000) * rate));
      while (sent < due) {
        if (sent === warmup) measuredFrom = performance.now();
        one(sent);
        sent++;
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await drain();
  const elapsed = (performance.now() - measuredFrom) / 1000;
  const after = await Promise.all(measured.map((c) => c.cpu()));
  await pool.close();
  // Failed requests stay at infinity: they count as the slowest.
  latencies.sort();
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  const cpuPerRequest: Record<string, number> = {};
  measured.forEach((c, i) => (cpuPerRequest[c.role] = (after[i]! - before[i]!) / total));
  return {
    rps: latencies.length / elapsed,
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    requests: latencies.length,
    errors,
    cpuPerRequest,
  };
}

const round = (ms: number) => Math.round(ms * 100) / 100;

async function main(): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'EdDSA', use: 'sig' };
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ sid: 'bench-session', roles: ['member'], perms: [] })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'bench' })
    .setSubject('0b3a3c8e-6f1e-4d0a-9a43-0d8f2d1e2c11')
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(privateKey);
  const auth = { authorization: `Bearer ${token}` };
  const jwks = JSON.stringify({ keys: [jwk] });

  const bare = await startChild('bare', {});
  const service = await startChild('service', { BENCH_JWKS: jwks });
  const gateway = await startChild('gateway', { BENCH_JWKS: jwks, BENCH_SERVICE_URL: service.url });
  const relay = await startChild('relay', { BENCH_SERVICE_URL: service.url });
  const path = benchRoutes.hello.path;
  const check = await fetch(`${gateway.url}${path}`, { headers: auth });
  if (check.status !== 200) throw new Error(`gateway answered ${check.status}: ${await check.text()}`);

  console.log(
    `\nbench:gateway  ${CONNECTIONS} connections, ${DURATION} s per run, best of ${ROUNDS} rounds, load generator in this process`,
  );
  console.log(`  service on ${service.describe}; gateway with ${gateway.describe}`);
  console.log(
    `  load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${availableParallelism()} cores (others' work skews single runs: rounds alternate)`,
  );
  for (const url of [
    `${bare.url}/`,
    `${service.url}${path}`,
    `${relay.url}${path}`,
    `${gateway.url}${path}`,
  ]) {
    await load(url, auth, [], { duration: WARMUP });
  }

  // Each round measures the maximum rates, then both paths at a steady half of the gateway's
  // maximum of that same round: the machine's other load changes from minute to minute.
  const full: { bare: Run[]; direct: Run[]; relay: Run[]; gateway: Run[] } = {
    bare: [],
    direct: [],
    relay: [],
    gateway: [],
  };
  const half: { rate: number; direct: Run; relay: Run; gateway: Run }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareRound = await load(`${bare.url}/`, {}, [bare], { duration: DURATION });
    const directRound = await load(`${service.url}${path}`, auth, [service], { duration: DURATION });
    const relayRound = await load(`${relay.url}${path}`, auth, [relay, service], { duration: DURATION });
    const gatewayRound = await load(`${gateway.url}${path}`, auth, [gateway, service], {
      duration: DURATION,
    });
    full.bare.push(bareRound);
    full.direct.push(directRound);
    full.relay.push(relayRound);
    full.gateway.push(gatewayRound);
    // STEADY_RATE overrides the steady rate (to look at latency at other loads).
    const rate = Number(process.env.STEADY_RATE ?? Math.floor(gatewayRound.rps / 2));
    const directSteady = await steady(`${service.url}${path}`, auth, [service], rate, DURATION);
    const relaySteady = await steady(`${relay.url}${path}`, auth, [relay, service], rate, DURATION);
    const gatewaySteady = await steady(`${gateway.url}${path}`, auth, [gateway, service], rate, DURATION);
    half.push({ rate, direct: directSteady, relay: relaySteady, gateway: gatewaySteady });
    console.log(
      `  round ${round + 1}: full load bare ${bareRound.rps.toFixed(0)}, direct ${directRound.rps.toFixed(0)}, ` +
        `bare relay ${relayRound.rps.toFixed(0)}, gateway ${gatewayRound.rps.toFixed(0)} req/s (gateway/direct ${(gatewayRound.rps / directRound.rps).toFixed(2)}); ` +
        `steady ${rate} req/s p99 direct ${directSteady.p99} ms, bare relay ${relaySteady.p99} ms, gateway ${gatewaySteady.p99} ms`,
    );
  }
  const fastest = (runs: Run[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const bareRun = fastest(full.bare);
  const directRun = fastest(full.direct);
  const relayRun = fastest(full.relay);
  const gatewayRun = fastest(full.gateway);
  // Interference can hit either run of a pair, so the p99 difference is taken per round and the
  // median round is the one reported.
  const addedByRound = half.map((h) => h.gateway.p99 - h.direct.p99);
  const sortedAdded = [...addedByRound].sort((a, b) => a - b);
  const medianAdded = sortedAdded[Math.floor(sortedAdded.length / 2)]!;
  const medianRound = half[addedByRound.indexOf(medianAdded)]!;
  const halfRate = medianRound.rate;
  const directHalf = medianRound.direct;
  const relayHalf = medianRound.relay;
  const gatewayHalf = medianRound.gateway;

  const us = (n: number | undefined) => (n === undefined ? '' : `${n.toFixed(0)} µs`);
  const row = (name: string, r: Run | Run, cpu: string) =>
    `  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} ${`${r.p50}`.padStart(6)} ${`${r.p99}`.padStart(6)}   ${cpu.padEnd(34)} ${r.errors ? `${r.errors} errors` : ''}`;
  console.log(
    `\n  ${'at full load (best round)'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}   CPU per request`,
  );
  console.log(row('bare node:http hello world', bareRun, us(bareRun.cpuPerRequest.bare)));
  console.log(row('service directly (Fastify+auth)', directRun, us(directRun.cpuPerRequest.service)));
  console.log(
    row(
      'through a bare relay (the floor)',
      relayRun,
      `${us(relayRun.cpuPerRequest.relay)} relay + ${us(relayRun.cpuPerRequest.service)} service`,
    ),
  );
  console.log(
    row(
      'through the gateway',
      gatewayRun,
      `${us(gatewayRun.cpuPerRequest.gateway)} gateway + ${us(gatewayRun.cpuPerRequest.service)} service`,
    ),
  );
  console.log(
    `\n  steady ${halfRate} req/s = half the gateway's maximum in that round (open loop, ms, median round)`,
  );
  console.log(row('service directly', directHalf, us(directHalf.cpuPerRequest.service)));
  console.log(
    row(
      'through a bare relay (the floor)',
      relayHalf,
      `${us(relayHalf.cpuPerRequest.relay)} relay + ${us(relayHalf.cpuPerRequest.service)} service`,
    ),
  );
  console.log(
    row(
      'through the gateway',
      gatewayHalf,
      `${us(gatewayHalf.cpuPerRequest.gateway)} gateway + ${us(gatewayHalf.cpuPerRequest.service)} service`,
    ),
  );

  const ratio = gatewayRun.rps / directRun.rps;
  const added = medianAdded;
  const roundRatios = full.gateway.map((g, i) => g.rps / full.direct[i]!.rps).sort((a, b) => a - b);
  const medianRatio = roundRatios[Math.floor(roundRatios.length / 2)]!;
  console.log('\n  ratios');
  console.log(`    service / bare node:http     ${(directRun.rps / bareRun.rps).toFixed(2)}`);
  console.log(`    gateway / bare node:http     ${(gatewayRun.rps / bareRun.rps).toFixed(2)}`);
  console.log(
    `    gateway / direct             ${ratio.toFixed(2)} (median of rounds ${medianRatio.toFixed(2)})   target ≥ 0.45  ${ratio >= 0.45 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `    bare relay / direct          ${(relayRun.rps / directRun.rps).toFixed(2)}   (no gateway can beat this here: the cost of a second HTTP hop)`,
  );
  console.log(
    `    gateway CPU / service CPU    ${((gatewayRun.cpuPerRequest.gateway ?? 0) / (directRun.cpuPerRequest.service ?? 1)).toFixed(2)}   per request`,
  );
  console.log(
    `    p99 added at half rate       ${added.toFixed(2)} ms, median round (rounds: ${addedByRound.map((a) => a.toFixed(1)).join(', ')})   target ≤ 2 ms  ${added <= 2 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );

  await gateway.stop();
  await relay.stop();
  await service.stop();
  await bare.stop();
  process.exit(0);
}

const role = process.env.BENCH_ROLE as Role | undefined;
if (role) await runChild(role);
else await main();
