import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@mer/contracts';
import { detectServers, freePort, removeNamespace } from '@mer/service-runtime/testing';

/**
 * `npm run bench:photo`: upload-to-verified time (upload, type check, re-encode, face check, store)
 * p50/p95 for each shared fixture, and requests per second of an unrelated endpoint
 * (community-stats, uncached so it reaches PostgreSQL) alone and while 4 photos are being checked
 * at all times: face detection runs in a worker thread, so the second figure must stay close to
 * the first. profile-onboarding runs as its own process (as in the cluster), the load generator here.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const DURATION = Number(process.env.DURATION ?? 5);
const fixtures = ['astronaut.png', 'coffee.png', 'two-faces.jpg'] as const;

const fixturesDir = [
  path.resolve('..', 'shared', 'fixtures', 'images'),
  path.resolve('..', '..', 'shared', 'fixtures', 'images'),
].find((dir) => existsSync(path.join(dir, 'astronaut.png')));
if (!fixturesDir) {
  console.error('bench:photo needs the shared fixtures (shared/fixtures/images beside the repository)');
  process.exit(1);
}
const servers = await detectServers();
if (!servers.postgres || !servers.nats) {
  console.error(
    'bench:photo needs PostgreSQL and NATS (profile-onboarding runs as its own process, as in the cluster)',
  );
  process.exit(1);
}

// Access tokens signed here, published as a key set the service fetches (as it does identity's).
const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'bench-key', alg: 'EdDSA', use: 'sig' }] };
const jwksServer = createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks)),
);
const jwksPort = await freePort();
await new Promise<void>((resolve) => jwksServer.listen(jwksPort, '127.0.0.1', resolve));
const token = await new SignJWT({ sid: randomUUID(), roles: ['member'], perms: [] })
  .setProtectedHeader({ alg: 'EdDSA', kid: 'bench-key' })
  .setSubject(randomUUID())
  .setIssuer(ACCESS_TOKEN_ISSUER)
  .setAudience(ACCESS_TOKEN_AUDIENCE)
  .setIssuedAt()
  .setExpirationTime('30m')
  .sign(privateKey);

const namespace = `bench${randomBytes(3).toString('hex')}`;
const storageDir = await mkdtemp(path.join(tmpdir(), 'mer-bench-photos-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const service = spawn(process.execPath, ['--import', 'tsx', 'services/profile-onboarding/src/server.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: servers.postgres,
    DATABASE_SCHEMA: `profile_onboarding_${namespace}`,
    NATS_URL: servers.nats,
    BUS_NAMESPACE: namespace,
    JWKS_URL: `http://127.0.0.1:${jwksPort}/jwks.json`,
    PHOTO_STORAGE_DIR: storageDir,
    COMMUNITY_STATS_CACHE_SECONDS: '0',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const images = Object.fromEntries(
  await Promise.all(
    fixtures.map(async (name) => [name, await readFile(path.join(fixturesDir, name))] as const),
  ),
) as Record<(typeof fixtures)[number], Buffer>;

async function upload(name: (typeof fixtures)[number]): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/api/v1/profile-onboarding/photos`, {
    method: 'POST',
    headers: {
      'content-type': name.endsWith('.png') ? 'image/png' : 'image/jpeg',
      authorization: `Bearer ${token}`,
    },
    body: new Uint8Array(images[name]),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/readyz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    if (i > 300) throw new Error('profile-onboarding did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(
    `profile-onboarding as its own process on PostgreSQL and NATS, 1 face-detection worker; load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  // The first upload starts the worker and loads the model: reported apart, not in the percentiles.
  const first = await upload('astronaut.png');
  console.log(
    `  first upload (starts the worker, loads the model): ${first.ms.toFixed(0)} ms, status ${first.status}`,
  );

  console.log(`\nupload-to-verified, ${ROUNDS} sequential uploads of each fixture:`);
  for (const name of fixtures) {
    const times: number[] = [];
    const statuses = new Set<number>();
    for (let i = 0; i < ROUNDS; i++) {
      const r = await upload(name);
      times.push(r.ms);
      statuses.add(r.status);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(14)} status ${[...statuses].join('/')}  p50 ${percentile(times, 0.5).toFixed(0)} ms  p95 ${percentile(times, 0.95).toFixed(0)} ms  (${images[name].length} bytes)`,
    );
  }

  const probe = () =>
    autocannon({
      url: `${url}/api/v1/profile-onboarding/community-stats`,
      connections: 8,
      duration: DURATION,
    });
  const alone = await probe();

  // Four uploads in flight at every moment for the whole probe.
  let running = true;
  let checked = 0;
  const uploaders = [0, 1, 2, 3].map(async (i) => {
    while (running) {
      const r = await upload(i % 2 === 0 ? 'astronaut.png' : 'two-faces.jpg');
      if (r.status === 201 || r.status === 422) checked++;
    }
  });
  const during = await probe();
  running = false;
  await Promise.all(uploaders);

  const line = (label: string, r: autocannon.Result) =>
    `  ${label}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, ${r.non2xx} not 2xx`;
  console.log(`\nunrelated GET community-stats (uncached, 8 connections, ${DURATION} s):`);
  console.log(line('alone                     ', alone));
  console.log(line('while 4 photos are checked', during));
  console.log(`  photos checked meanwhile: ${checked} (${(checked / DURATION).toFixed(1)} per second)`);
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (the machine is shared: figures vary with it)`,
  );
} finally {
  service.kill('SIGTERM');
  await new Promise((r) => service.once('exit', r));
  jwksServer.close();
  await removeNamespace(servers, namespace);
  await rm(storageDir, { recursive: true, force: true });
}
process.exit(0);
