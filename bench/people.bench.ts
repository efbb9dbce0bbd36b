import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@mer/contracts';
import { createPostgresProvider, sql } from '@mer/service-runtime';
import { detectServers, freePort, removeNamespace } from '@mer/service-runtime/testing';
import { evaluateRecommendations } from '../services/social-graph/src/domain/recommendations/index.ts';

/**
 * `npm run bench:people`: people discovery through the gateway in the cluster topology (social-graph and the
 * gateway each in its own process, on the local PostgreSQL, NATS and Redis), over MEMBERS (default 100,000)
 * members generated straight into a schema of their own (dropped at the end; nothing is written to the repo).
 * Two queries, each with its own viewers: practice within 50 km of the viewer's city, and a name prefix. Prints
 * p50/p95/p99 (target p95 ≤ 25 ms), then the recommendation model's precision@10 against the shared-practices
 * ranking on a generated community with known ground truth (sg-reco's offline evaluation).
 * Settings: MEMBERS, REQUESTS (per query, default 1500), CONCURRENCY (default 2), WARMUP (requests, default 200),
 * EVAL_MEMBERS (default 1000), KEEP_SCHEMA=1 (keep the generated schema to study query plans; drop it by hand).
 */

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 1500);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 2);
const WARMUP = Number(process.env.WARMUP ?? 200);
const EVAL_MEMBERS = Number(process.env.EVAL_MEMBERS ?? 1000);
const NAMESPACE = `benchpeople${process.pid}`;
const SCHEMA = `social_graph_${NAMESPACE}`;

const PRACTICES = [
  'Yoga',
  'Meditation',
  'Breathwork',
  'Reiki',
  'Tarot',
  'Astrology',
  'Human Design',
  'Sound Healing',
  'Qigong',
  'Tai Chi',
  'Ecstatic Dance',
  'Journaling',
  'Crystal Healing',
  'Shamanic Journeying',
  'Ayurveda',
  'Mindfulness',
  'Kundalini',
  'Yin Yoga',
  'Cacao Ceremony',
  'Forest Bathing',
  'Herbalism',
  'Numerology',
  'Lucid Dreaming',
  'Chanting',
  'Pilates',
  'Nutrition',
  'Somatic Experiencing',
  'Family Constellations',
  'Tantra',
  'Sufi Whirling',
  'Vipassana',
  'Zen',
  'Prayer',
  'Holotropic Breathing',
  'Cold Exposure',
  'Energy Healing',
  'Akashic Records',
  'Moon Rituals',
  'Permaculture',
  'Art Therapy',
];
const FIRST = [
  'Ana',
  'Maria',
  'João',
  'Marta',
  'Lucas',
  'Sofia',
  'Mateo',
  'Lena',
  'Noah',
  'Emma',
  'Liam',
  'Mia',
  'Elena',
  'Jonas',
  'Clara',
  'Hugo',
  'Inês',
  'Pedro',
  'Laura',
  'David',
  'Sara',
  'Tomás',
  'Nina',
  'Leo',
  'Alma',
  'Iris',
  'Marco',
  'Julia',
  'Rafael',
  'Luna',
  'Oscar',
  'Eva',
  'Felix',
  'Aurora',
  'Samuel',
  'Chloé',
  'Ravi',
  'Aisha',
  'Kenji',
  'Yara',
];
const LAST = [
  'Silva',
  'Santos',
  'Ferreira',
  'Costa',
  'Müller',
  'Schmidt',
  'García',
  'Martín',
  'Rossi',
  'Bianchi',
  'Dubois',
  'Laurent',
  'Jansen',
  'de Vries',
  'Nowak',
  'Kowalski',
  'Novak',
  'Horvat',
  'Andersen',
  'Nielsen',
  'Lindqvist',
  'Berg',
  'Moreau',
  'Fontaine',
  'Romano',
  'Greco',
  'López',
  'Sánchez',
  'Weber',
  'Fischer',
];
const LANGUAGES = ['en', 'pt', 'es', 'de', 'fr', 'it', 'nl', 'pl'];
const SIGNS = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
];
const HD_TYPES = ['Generator', 'Manifesting Generator', 'Projector', 'Manifestor', 'Reflector'];

/** Deterministic (mulberry32): the same members every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

interface City {
  name: string;
  latitude: number;
  longitude: number;
  weight: number;
}

function cities(random: ReturnType<typeof seeded>): City[] {
  // 150 cities across Europe; a few big ones hold most members (Zipf-like weights).
  return Array.from({ length: 150 }, (_, i) => ({
    name: `City ${i + 1}`,
    latitude: 36 + random.next() * 24,
    longitude: -9 + random.next() * 38,
    weight: 1 / (i + 1) ** 0.8,
  }));
}

function pickWeighted(random: ReturnType<typeof seeded>, list: City[], total: number): City {
  let r = random.next() * total;
  for (const c of list) {
    r -= c.weight;
    if (r <= 0) return c;
  }
  return list[list.length - 1]!;
}

interface Generated {
  viewers: Array<{ id: string }>;
  prefixes: string[];
}

async function generateMembers(db: ReturnType<ReturnType<typeof createPostgresProvider>['forSchema']>['db']) {
  const random = seeded(20261125);
  const list = cities(random);
  const total = list.reduce((s, c) => s + c.weight, 0);
  const viewers: Array<{ id: string }> = [];
  const now = Date.now();
  const BATCH = 5000;
  for (let start = 0; start < MEMBERS; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(MEMBERS, start + BATCH); i++) {
      const city = pickWeighted(random, list, total);
      const first = random.pick(FIRST);
      const last = random.pick(LAST);
      const name = `${first} ${last}`;
      const username = `${first}_${last}_${i}`.toLowerCase().replace(/[^a-z0-9_]/g, '');
      const practices = [
        ...new Set(Array.from({ length: 2 + Math.floor(random.next() * 5) }, () => random.pick(PRACTICES))),
      ];
      const shares = random.next() < 0.4;
      const onboarded = random.next() < 0.97;
      const row = {
        user_id: randomUUID(),
        name,
        username,
        city: `${city.name}, Europe`,
        latitude: city.latitude + (random.next() - 0.5) * 0.25,
        longitude: city.longitude + (random.next() - 0.5) * 0.35,
        location_sharing: random.next() < 0.9,
        show_in_discovery: random.next() < 0.95,
        languages: [...new Set([random.pick(LANGUAGES), 'en'])],
        practices,
        practices_key: practices.map((p) => p.toLowerCase()),
        sun_sign: shares ? random.pick(SIGNS) : null,
        human_design_type: shares ? random.pick(HD_TYPES) : null,
        onboarded,
        onboarded_at: onboarded ? new Date(now - random.next() * 730 * 86_400_000).toISOString() : null,
        search_text: `${name} ${username}`.toLowerCase(),
      };
      rows.push(row);
      if (onboarded && row.location_sharing && viewers.length < 400 && random.next() < 0.01)
        viewers.push({ id: row.user_id });
    }
    await sql`
      insert into members (user_id, name, username, city, latitude, longitude, location_sharing, show_in_discovery,
        languages, practices, practices_key, sun_sign, human_design_type, onboarded, onboarded_at, search_text)
      select user_id, name, username, city, latitude, longitude, location_sharing, show_in_discovery,
        languages, practices, practices_key, sun_sign, human_design_type, onboarded, onboarded_at, search_text
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(user_id uuid, name text, username text, city text,
        latitude float8, longitude float8, location_sharing boolean, show_in_discovery boolean, languages text[],
        practices text[], practices_key text[], sun_sign text, human_design_type text, onboarded boolean,
        onboarded_at timestamptz, search_text text)`.execute(db);
  }
  // As autovacuum would after a bulk load: statistics, and the visibility map index-only scans rely on.
  await sql`vacuum analyze members`.execute(db);
  const prefixes = [...new Set([...FIRST, ...LAST].map((n) => n.slice(0, 3).toLowerCase()))];
  return { viewers, prefixes } satisfies Generated;
}

function launch(name: string, entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`${name} | ${chunk.toString()}`));
  return child;
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(
  pool: Pool,
  requests: Array<{ path: string; token: string }>,
): Promise<{ p50: number; p95: number; p99: number; mean: number; errors: number; people: number }> {
  const times: number[] = [];
  let errors = 0;
  let people = 0;
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++]!;
      const t0 = performance.now();
      const res = await pool.request({
        path: r.path,
        method: 'GET',
        headers: { authorization: `Bearer ${r.token}` },
      });
      const body = await res.body.text();
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) errors++;
      else people += (JSON.parse(body) as { people: unknown[] }).people.length;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    mean: times.reduce((s, t) => s + t, 0) / times.length,
    errors,
    people: people / requests.length,
  };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function main(): Promise<void> {
  const servers = await detectServers();
  if (!servers.postgres || !servers.nats)
    throw new Error('bench:people needs PostgreSQL and NATS (the cluster topology)');
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'EdDSA', use: 'sig' };
  const jwksServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  const jwksPort = await freePort();
  await new Promise<void>((resolve) => jwksServer.listen(jwksPort, '127.0.0.1', resolve));
  const token = async (sub: string) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sid: 'bench', roles: ['member'], perms: [] })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'bench' })
      .setSubject(sub)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
  };

  const shared = {
    DATABASE_URL: servers.postgres,
    NATS_URL: servers.nats,
    ...(servers.redis ? { REDIS_URL: servers.redis } : {}),
    JWKS_URL: `http://127.0.0.1:${jwksPort}/jwks.json`,
    BUS_NAMESPACE: NAMESPACE,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  const servicePort = await freePort();
  const service = launch('social-graph', 'services/social-graph/src/server.ts', {
    ...shared,
    PORT: String(servicePort),
    DATABASE_SCHEMA: SCHEMA,
    // No retraining during the measurement.
    RECOMMENDATIONS_RETRAIN_MINUTES: '10080',
  });
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const provider = createPostgresProvider(servers.postgres, { max: 2 });
  const db = provider.forSchema(SCHEMA).db;
  let gateway: ChildProcess | undefined;
  try {
    await waitReady(serviceUrl, service);
    const t0 = performance.now();
    const { viewers, prefixes } = await generateMembers(db);
    console.log(
      `generated ${MEMBERS.toLocaleString('en')} members in schema ${SCHEMA} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const gatewayPort = await freePort();
    gateway = launch('gateway', 'gateway/src/server.ts', {
      ...shared,
      PORT: String(gatewayPort),
      SERVICE_URL_SOCIAL_GRAPH: serviceUrl,
      RATE_LIMIT_PER_MINUTE: '1000000000',
    });
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitReady(gatewayUrl, gateway);
    const pool = new Pool(gatewayUrl, { connections: CONCURRENCY });

    const random = seeded(7);
    const tokens = new Map<string, string>();
    for (const v of viewers) tokens.set(v.id, await token(v.id));
    const viewerToken = () => tokens.get(random.pick(viewers).id)!;
    const byPractice = (n: number) =>
      Array.from({ length: n }, () => ({
        path: `/api/v1/social-graph/people?practice=${encodeURIComponent(random.pick(PRACTICES))}&radiusKm=50`,
        token: viewerToken(),
      }));
    const byPrefix = (n: number) =>
      Array.from({ length: n }, () => ({
        path: `/api/v1/social-graph/people?q=${encodeURIComponent(random.pick(prefixes))}`,
        token: viewerToken(),
      }));

    await measure(pool, [...byPractice(WARMUP), ...byPrefix(WARMUP)]);
    console.log(
      `\nthrough the gateway (${CONCURRENCY} concurrent, ${REQUESTS} requests each, load ${loadavg()[0]!.toFixed(1)}):`,
    );
    const rows: Array<[string, Awaited<ReturnType<typeof measure>>]> = [
      ['practice within 50 km', await measure(pool, byPractice(REQUESTS))],
      ['name prefix (3 letters)', await measure(pool, byPrefix(REQUESTS))],
    ];
    for (const [label, r] of rows) {
      const verdict = r.p95 <= 25 ? 'meets' : 'misses';
      console.log(
        `  ${label.padEnd(24)} p50 ${fmt(r.p50).padStart(8)}  p95 ${fmt(r.p95).padStart(8)}  p99 ${fmt(r.p99).padStart(8)}` +
          `  mean ${fmt(r.mean)}  ${r.people.toFixed(1)} people/page  errors ${r.errors}  (${verdict} p95 ≤ 25 ms)`,
      );
    }
    await pool.close();
  } finally {
    if (gateway) await stop(gateway);
    await stop(service);
    await provider.close();
    // Drops the generated schema too (it ends with the namespace).
    if (process.env.KEEP_SCHEMA === '1') console.log(`kept schema ${SCHEMA} (drop it by hand)`);
    else await removeNamespace(servers, NAMESPACE).catch(() => undefined);
    jwksServer.close();
  }

  const t1 = performance.now();
  const report = evaluateRecommendations({ members: EVAL_MEMBERS, seed: 42 });
  console.log(
    `\nrecommendations, offline (${report.members} generated members, ${report.heldOutConnections} held-out connections, ` +
      `${report.viewers} viewers, ${((performance.now() - t1) / 1000).toFixed(1)} s):`,
  );
  const p = report.precisionAtK;
  console.log(
    `  precision@${report.k}  model ${p.model.toFixed(3)}  prior ${p.prior.toFixed(3)}  shared-practices baseline ${p.sharedPracticesBaseline.toFixed(3)}`,
  );
}

await main();
