import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Pool } from 'undici';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@mer/contracts';
import { launch, percentile, repoRoot, stop, waitReady } from './support/processes.ts';
import { evaluateRecommendations } from '../services/events-circles/src/domain/recommendations/evaluate.ts';

/**
 * `npm run bench:events`: events-circles at 100,000 events and 10,000 circles, read through the gateway in the
 * cluster topology (events-circles and the gateway each in their own process, on the PostgreSQL, NATS and Redis
 * servers).
 *
 * 1. Starts events-circles once on a schema of its own (events_circles_bench) so its migrations run, then fills it
 *    directly in SQL with generate_series (never through the API): MEMBERS members (onboarded, paid), CIRCLES
 *    approved circles in 200 cities (each with its holder and 9 members), EVENTS approved events over the next
 *    year in those cities (a seventh online, a third in a circle), 30 members going to event 1.
 * 2. Starts the gateway in front of it, with a key set served here so tokens can be minted without identity.
 * 3. Times, with CONCURRENCY requests in flight, SAMPLES requests each of: upcoming events within 50 km of a city
 *    for the next 30 days, a circle page (the circle and its about page), an event page; prints p50/p95/p99
 *    (target p95 <= 30 ms).
 * 4. Prints the recommendation model's precision@10 on a generated community against a popularity ranking.
 * The schema is dropped at the end (KEEP=1 keeps it for another run: then filling is skipped).
 * Settings: EVENTS (100000), CIRCLES (10000), MEMBERS (10000), SAMPLES (400), CONCURRENCY (4).
 */

const EVENTS = Number(process.env.EVENTS ?? 100_000);
const CIRCLES = Number(process.env.CIRCLES ?? 10_000);
const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const SAMPLES = Number(process.env.SAMPLES ?? 400);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const KEEP = process.env.KEEP === '1';
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCHEMA = 'events_circles_bench';
const SERVICE_PORT = 14_605;
const GATEWAY_PORT = 14_681;

/** Deterministic ids: member n, circle n, event n. */
const memberId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const circleId = (n: number) => `00000000-0000-4000-9000-${n.toString(16).padStart(12, '0')}`;
const eventId = (n: number) => `00000000-0000-4000-a000-${n.toString(16).padStart(12, '0')}`;
const sqlId = (prefix: string, expr: string) => `('${prefix}' || lpad(to_hex(${expr}), 12, '0'))::uuid`;
const MEMBER = (expr: string) => sqlId('00000000-0000-4000-8000-', expr);
const CIRCLE = (expr: string) => sqlId('00000000-0000-4000-9000-', expr);
const EVENT = (expr: string) => sqlId('00000000-0000-4000-a000-', expr);
const CATEGORIES = `(array['practice','tradition','healing','divination','nature','community'])`;
/** 200 cities on a grid over Europe (city c at 36 + (c % 20) * 1.3 N, -9 + (c / 20) * 3.2 E). */
const CITY_LAT = (c: string) => `(36 + (${c} % 20) * 1.3)`;
const CITY_LON = (c: string) => `(-9 + (${c} / 20) * 3.2)`;
/** The searched city: city 0 (36 N, 9 W). */
const NEAR = { lat: 36, lon: -9 };

async function fill(db: pg.Client): Promise<void> {
  const { rows } = await db.query(`select count(*)::int as n from ${SCHEMA}.events`);
  if (rows[0].n >= EVENTS) return console.log(`  kept ${rows[0].n} events from an earlier run`);
  const t0 = performance.now();
  const step = async (label: string, text: string) => {
    const t = performance.now();
    await db.query(text);
    console.log(`  ${label.padEnd(34)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await db.query(`set search_path to ${SCHEMA}`);
  await db.query(`set synchronous_commit to off`);
  await db.query(`truncate members, memberships, circles, circle_members, events, rsvps cascade`);
  await step(
    `${MEMBERS} members`,
    `insert into members (user_id, name, username, image_url, city_id, latitude, longitude, interests, onboarded, occurred_at)
     select ${MEMBER('i')}, 'Member ' || i, 'member_' || i, null, 'city' || (i % 200), ${CITY_LAT('(i % 200)')},
       ${CITY_LON('(i % 200)')}, array[${CATEGORIES}[1 + i % 6]], true, now() from generate_series(1, ${MEMBERS}) i;
     insert into memberships (membership_id, user_id, status, expires_at, occurred_at)
     select gen_random_uuid(), ${MEMBER('i')}, 'active', null, now() from generate_series(1, ${MEMBERS}) i`,
  );
  await step(
    `${CIRCLES} circles`,
    `insert into circles (id, name, description, category, join_policy, city_id, city_label, latitude, longitude,
        holder_id, approval_status, member_count, created_at, updated_at)
     select ${CIRCLE('i')}, 'Circle ' || i, '<p>We gather to practise together.</p>', ${CATEGORIES}[1 + i % 6],
       'open', 'city' || (i % 200), 'City ' || (i % 200), ${CITY_LAT('(i % 200)')}, ${CITY_LON('(i % 200)')},
       ${MEMBER(`i % ${MEMBERS} + 1`)}, 'approved', 10, now() - i * interval '1 minute', now()
     from generate_series(1, ${CIRCLES}) i`,
  );
  await step(
    'circle members (10 each)',
    `insert into circle_members (circle_id, user_id, status, role, joined_at)
     select ${CIRCLE('i')}, ${MEMBER(`(i + k * 997) % ${MEMBERS} + 1`)}, 'member',
       case when k = 0 then 'holder' when k = 1 then 'moderator' else 'member' end, now()
     from generate_series(1, ${CIRCLES}) i, generate_series(0, 9) k
     on conflict do nothing`,
  );
  await step(
    `${EVENTS} events`,
    `insert into events (id, title, description, category, type, city_id, city_label, latitude, longitude, address,
        online_url, time_zone, starts_at, ends_at, capacity, circle_id, host_id, approval_status, status,
        going_count, created_at, updated_at)
     select ${EVENT('i')}, 'Gathering ' || i, '<p>An evening of practice.</p>', ${CATEGORIES}[1 + i % 6],
       case when i % 7 = 0 then 'online' else 'in_person' end,
       case when i % 7 = 0 then null else 'city' || (i % 200) end,
       case when i % 7 = 0 then null else 'City ' || (i % 200) end,
       case when i % 7 = 0 then null else ${CITY_LAT('(i % 200)')} + ((i * 7) % 100) / 1000.0 end,
       case when i % 7 = 0 then null else ${CITY_LON('(i % 200)')} + ((i * 13) % 100) / 1000.0 end,
       case when i % 7 = 0 then null else 'Street ' || i end,
       case when i % 7 = 0 then 'https://meet.example/' || i else null end,
       'Europe/Lisbon', now() + (i % 365) * interval '1 day' + (i % 12) * interval '1 hour',
       now() + (i % 365) * interval '1 day' + (i % 12 + 2) * interval '1 hour',
       case when i % 3 = 0 then null else 20 + i % 30 end,
       case when i % 3 = 0 then ${CIRCLE(`i % ${CIRCLES} + 1`)} else null end,
       ${MEMBER(`i * 7919 % ${MEMBERS} + 1`)}, 'approved', 'scheduled', 0, now(), now()
     from generate_series(1, ${EVENTS}) i`,
  );
  await step(
    '30 going to event 1',
    `insert into rsvps (target_kind, target_id, user_id, status)
     select 'event', ${EVENT('1')}, ${MEMBER('k + 100')}, 'going' from generate_series(1, 30) k;
     update events set going_count = 30 where id = ${EVENT('1')}`,
  );
  await step('analyze', `analyze`);
  console.log(`  filled in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function timeReads(pool: Pool, path: string, token: string): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < SAMPLES) {
      next++;
      const t = performance.now();
      const res = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } });
      const body = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${body.slice(0, 200)}`);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return times.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'EdDSA', use: 'sig' };
  const jwks = createServer((_q, r) =>
    r.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })),
  );
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  const JWKS_URL = `http://127.0.0.1:${(jwks.address() as { port: number }).port}/jwks.json`;
  const token = (n: number) =>
    new SignJWT({ sid: 'bench', roles: ['member'], perms: [] })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'bench' })
      .setSubject(memberId(n))
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('30m')
      .sign(privateKey);

  const shared = {
    DATABASE_URL,
    JWKS_URL,
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    BUS_NAMESPACE: 'eventsbench',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  const serviceUrl = `http://127.0.0.1:${SERVICE_PORT}`;
  const gatewayUrl = `http://127.0.0.1:${GATEWAY_PORT}`;
  const service = launch('events-circles', 'services/events-circles/src/server.ts', {
    ...shared,
    PORT: String(SERVICE_PORT),
    DATABASE_SCHEMA: SCHEMA,
    PHOTO_STORAGE_DIR: resolve(repoRoot, '.tmp/events-bench-photos'),
    RECOMMENDATION_TRAIN_MS: '0',
  });
  let gateway: ChildProcess | undefined;
  try {
    await waitReady(serviceUrl, service);
    console.log(
      `events-circles bench: ${EVENTS} events, ${CIRCLES} circles, ${MEMBERS} members, schema ${SCHEMA}`,
    );
    await fill(db);
    gateway = launch('gateway', 'gateway/src/server.ts', {
      ...shared,
      PORT: String(GATEWAY_PORT),
      SERVICE_URL_EVENTS_CIRCLES: serviceUrl,
      RATE_LIMIT_PER_MINUTE: '1000000000',
    });
    await waitReady(gatewayUrl, gateway);

    const pool = new Pool(gatewayUrl, { connections: CONCURRENCY + 4 });
    // A member going to event 1 (sees its address) and in circle 1.
    const viewer = await token(101);
    const from = new Date().toISOString();
    const to = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const near = `/api/v1/events-circles/events?near=${NEAR.lat},${NEAR.lon}&radiusKm=50&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&limit=20`;
    const probe = await pool.request({
      method: 'GET',
      path: near,
      headers: { authorization: `Bearer ${viewer}` },
    });
    const found = (await probe.body.json()) as { events: unknown[] };
    console.log(`  upcoming within 50 km, next 30 days: ${found.events.length} on the first page`);
    const reads = {
      'events near a city': near,
      'circle page': `/api/v1/events-circles/circles/${circleId(1)}`,
      'circle about page': `/api/v1/events-circles/circles/${circleId(1)}/about`,
      'event page': `/api/v1/events-circles/events/${eventId(1)}`,
    };
    console.log(`\nReads (${SAMPLES} requests each, ${CONCURRENCY} in flight, through the gateway)`);
    // The machine is shared: the load says how much of the latency is waiting for a core.
    console.log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    console.log(`  ${'read'.padEnd(24)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}`);
    for (const [name, path] of Object.entries(reads)) {
      await timeReads(pool, path, viewer); // warm-up
      const t = await timeReads(pool, path, viewer);
      const f = (p: number) => `${percentile(t, p).toFixed(1)} ms`.padStart(8);
      console.log(`  ${name.padEnd(24)} ${f(50)} ${f(95)} ${f(99)}`);
    }
    await pool.close();
  } finally {
    if (gateway) await stop(gateway);
    await stop(service);
    if (!KEEP) await db.query(`drop schema if exists ${SCHEMA} cascade`);
    await db.end();
    jwks.close();
  }

  console.log(
    '\nRecommendations, offline (generated community: 600 members, 1500 events, 200 circles; 20% of answers held out)',
  );
  const report = evaluateRecommendations({ members: 600, events: 1500, circles: 200, seed: 42 });
  console.log(`  answers ${report.answers}, held out ${report.heldOut}, viewers ${report.viewers}`);
  console.log(
    `  precision@${report.k}: model ${report.precisionAtK.model.toFixed(3)}, prior ${report.precisionAtK.prior.toFixed(3)}, popularity ${report.precisionAtK.popularity.toFixed(3)}`,
  );
}

await main();
