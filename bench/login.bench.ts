import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { detectServers, freePort, removeNamespace } from '@mer/service-runtime/testing';

/**
 * `npm run bench:login`: logins per second on the identity service (argon2id m=19456, t=2, p=1),
 * and the p99 of an unrelated cheap request while logins saturate the CPU — hashing runs off the
 * event loop, so the loop must stay responsive (target p99 ≤ 50 ms). Identity runs as its own
 * process (as in the cluster), the load generator here.
 */
const DURATION = Number(process.env.DURATION ?? 10);
const servers = await detectServers();
if (!servers.postgres || !servers.nats) {
  console.error('bench:login needs PostgreSQL and NATS (identity runs as its own process, as in the cluster)');
  process.exit(1);
}
const namespace = `bench${randomBytes(3).toString('hex')}`;
const operatorKey = randomBytes(24).toString('base64url');
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const identity = spawn(process.execPath, ['--import', 'tsx', 'services/identity/src/server.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: servers.postgres,
    DATABASE_SCHEMA: `identity_${namespace}`,
    NATS_URL: servers.nats,
    BUS_NAMESPACE: namespace,
    OPERATOR_KEY: operatorKey,
    ADMIN_PASSWORD: 'bench-admin-password',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  for (let i = 0; ; i++) {
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false);
    if (ready) break;
    if (i > 300) throw new Error('identity did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };
  const invite = await post('/api/v1/identity/operator/invitations', { maxUses: 1 }, { 'x-operator-key': operatorKey });
  const signup = await post('/api/v1/identity/signup', {
    invitationCode: invite.json.code,
    name: 'Bench Member',
    username: 'bench_member',
    email: 'bench@example.org',
    password: 'bench-password',
    confirmPassword: 'bench-password',
  });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.json)}`);

  const ROUNDS = Number(process.env.ROUNDS ?? 3);
  console.log(`identity as its own process on PostgreSQL and NATS; ${ROUNDS} rounds of ${DURATION} s of logins with 16`);
  console.log('connections, and an unrelated GET /api/v1/identity/usernames/<name>/availability at 20 req/s alongside');
  const rounds: Array<{ perSecond: number; loginP99: number; probeP50: number; probeP99: number; probeMax: number }> = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const [logins, probe] = await Promise.all([
      autocannon({
        url: `${url}/api/v1/identity/sessions`,
        method: 'POST',
        connections: 16,
        duration: DURATION,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: 'bench@example.org', password: 'bench-password' }),
      }),
      steadyProbe(`${url}/api/v1/identity/usernames/quiet_river/availability`, 20, DURATION),
    ]);
    const ok = logins.requests.total - logins.non2xx;
    const r = { perSecond: ok / DURATION, loginP99: logins.latency.p99, probeP50: probe.p50, probeP99: probe.p99, probeMax: probe.max };
    rounds.push(r);
    console.log(
      `  round ${round}: ${r.perSecond.toFixed(1)} logins/s (${logins.non2xx} not 2xx, login p99 ${r.loginP99} ms); ` +
        `unrelated request p50 ${r.probeP50.toFixed(1)} ms, p99 ${r.probeP99.toFixed(1)} ms, max ${r.probeMax.toFixed(1)} ms`,
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const probeP99 = median(rounds.map((r) => r.probeP99));
  console.log(`\n  logins: ${median(rounds.map((r) => r.perSecond)).toFixed(1)} per second (median of rounds)`);
  console.log(
    `  unrelated request during the logins: p99 ${probeP99.toFixed(1)} ms (median of rounds; target ≤ 50 ms: ${probeP99 <= 50 ? 'met' : 'NOT met'})`,
  );
} finally {
  identity.kill('SIGTERM');
  await new Promise((r) => identity.once('exit', r));
  await removeNamespace(servers, namespace);
}
process.exit(0);

/**
 * An open-loop probe: one request every 1000/rate ms, each timed on its own, whether or not the
 * previous one has answered (autocannon's rate option sends a second's quota in one burst, which
 * would measure its own queue).
 */
async function steadyProbe(target: string, rate: number, seconds: number) {
  const latencies: number[] = [];
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    inFlight.push(
      fetch(target)
        .then((r) => r.arrayBuffer())
        .then(() => void latencies.push(performance.now() - t0)),
    );
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  return { count: latencies.length, p50: at(0.5), p99: at(0.99), max: latencies.at(-1)! };
}
