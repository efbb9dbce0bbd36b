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

/**
 * `npm run bench:feed`: the community feed at 1,000,000 posts, read through the gateway in the cluster topology
 * (community-feed and the gateway each in their own process, on the PostgreSQL, NATS and Redis servers).
 *
 * 1. Starts community-feed once on a schema of its own (community_feed_bench) so its migrations run, then fills it
 *    directly in SQL with generate_series (never through the API, never committed): MEMBERS members (onboarded,
 *    paid), POSTS posts (10% connections-only, nine topics), about one reaction per post and a comment on every
 *    other post, with the counters the service keeps; the viewer has 50 connections and mutes 5 members.
 * 2. Starts the gateway in front of it, with a key set served here so tokens can be minted without identity.
 * 3. Times, with CONCURRENCY requests in flight, SAMPLES requests each of: the first page of the feed, its 50th page
 *    (keyset cursor found by walking 49 pages), and the post with 40 comments; prints p50/p95/p99.
 * 4. The same while WRITERS members post and react, WRITES_PER_SECOND actions a second in all.
 * The schema is dropped at the end (KEEP=1 keeps it for another run: then filling is skipped).
 * Settings: POSTS (1000000), MEMBERS (10000), SAMPLES (400), CONCURRENCY (4), WRITES_PER_SECOND (20).
 */

const POSTS = Number(process.env.POSTS ?? 1_000_000);
const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const SAMPLES = Number(process.env.SAMPLES ?? 400);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const WRITES_PER_SECOND = Number(process.env.WRITES_PER_SECOND ?? 20);
const KEEP = process.env.KEEP === '1';
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCHEMA = 'community_feed_bench';
const SERVICE_PORT = 14_604;
const GATEWAY_PORT = 14_680;

/** Deterministic ids: member n, post n, comment n. */
const memberId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const sqlId = (prefix: string, expr: string) => `('${prefix}' || lpad(to_hex(${expr}), 12, '0'))::uuid`;
const MEMBER = (expr: string) => sqlId('00000000-0000-4000-8000-', expr);
const POST = (expr: string) => sqlId('00000000-0000-4000-9000-', expr);
const COMMENT = (expr: string) => sqlId('00000000-0000-4000-a000-', expr);
const VIEWER = 1;
const TOPICS = `(array['general','practice','tradition','healing','divination','nature','events','questions','gratitude'])`;
const TYPES = `(array['like','love','namaste','insightful','support'])`;

async function fill(db: pg.Client): Promise<void> {
  const { rows } = await db.query(`select count(*)::int as n from ${SCHEMA}.posts`);
  if (rows[0].n >= POSTS) return console.log(`  kept ${rows[0].n} posts from an earlier run`);
  const t0 = performance.now();
  const step = async (label: string, text: string) => {
    const t = performance.now();
    await db.query(text);
    console.log(`  ${label.padEnd(34)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await db.query(`set search_path to ${SCHEMA}`);
  await db.query(`set synchronous_commit to off`);
  // A partial fill of an earlier, interrupted run starts over.
  await db.query(
    `truncate members, memberships, connections, member_filters, posts, reactions, comments cascade`,
  );
  await step(
    `${MEMBERS} members`,
    `insert into members (user_id, name, username, image_url, onboarded, occurred_at)
     select ${MEMBER('i')}, 'Member ' || i, 'member_' || i, null, true, now() from generate_series(1, ${MEMBERS}) i`,
  );
  await step(
    'their memberships',
    `insert into memberships (membership_id, user_id, status, expires_at, occurred_at)
     select gen_random_uuid(), ${MEMBER('i')}, 'active', now() + interval '30 days', now()
     from generate_series(1, ${MEMBERS}) i`,
  );
  await step(
    'viewer: 50 connections, 5 mutes',
    `insert into connections (user_id, other_id, connected, occurred_at)
       select ${MEMBER(String(VIEWER))}, ${MEMBER('i * 97 % ' + MEMBERS + ' + 1')}, true, now()
       from generate_series(1, 50) i on conflict do nothing;
     insert into member_filters (user_id, other_id, kind, active, occurred_at)
       select ${MEMBER(String(VIEWER))}, ${MEMBER('i * 13 + 5000')}, 'mute', true, now() from generate_series(1, 5) i`,
  );
  // Post i has (i % 3) reactions, of types (i + k) % 5, by members (i * 31 + k) % MEMBERS + 1; every even post one
  // comment; the newest post 40 comments (20 threads of a comment and a reply).
  const count = (t: number) =>
    `(select count(*) from generate_series(0, i % 3 - 1) k where (i + k) % 5 = ${t})::int`;
  await step(
    `${POSTS} posts`,
    `insert into posts (id, author_id, topic, visibility, content, like_count, love_count, namaste_count,
        insightful_count, support_count, comment_count, activity_count, last_activity_at, created_at, updated_at)
     select ${POST('i')}, ${MEMBER(`i * 7919 % ${MEMBERS} + 1`)}, ${TOPICS}[1 + i % 9],
       case when i % 10 = 0 then 'connections' else 'all' end,
       '<p>Post ' || i || ': a morning sit, some <b>breath</b> and a few words on presence.</p>',
       ${count(0)}, ${count(1)}, ${count(2)}, ${count(3)}, ${count(4)},
       case when i = ${POSTS} then 40 when i % 2 = 0 then 1 else 0 end,
       i % 3 + case when i % 2 = 0 then 1 else 0 end,
       now() - (${POSTS} - i) * interval '1 second', now() - (${POSTS} - i) * interval '1 second',
       now() - (${POSTS} - i) * interval '1 second'
     from generate_series(1::bigint, ${POSTS}) i order by i`,
  );
  await step(
    'reactions',
    `insert into reactions (post_id, user_id, type, created_at)
     select ${POST('i')}, ${MEMBER(`(i * 31 + k) % ${MEMBERS} + 1`)}, ${TYPES}[1 + (i + k) % 5], now()
     from generate_series(1, ${POSTS}) i, generate_series(0, 1) k where k < i % 3`,
  );
  await step(
    'comments',
    `insert into comments (id, post_id, parent_id, author_id, content, created_at)
     select ${COMMENT('i')}, ${POST('i')}, null, ${MEMBER(`i * 17 % ${MEMBERS} + 1`)}, '<p>Thank you for this.</p>', now()
     from generate_series(2, ${POSTS} - 1, 2) i;
     insert into comments (id, post_id, parent_id, author_id, content, created_at)
     select ${COMMENT(`${POSTS} + j`)}, ${POST(String(POSTS))},
       case when j % 2 = 0 then ${COMMENT(`${POSTS} + j - 1`)} else null end,
       ${MEMBER(`j * 53 % ${MEMBERS} + 1`)}, '<p>Comment ' || j || ' with <i>care</i>.</p>', now() + j * interval '1 ms'
     from generate_series(1, 40) j`,
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
    BUS_NAMESPACE: 'feedbench',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  const serviceUrl = `http://127.0.0.1:${SERVICE_PORT}`;
  const gatewayUrl = `http://127.0.0.1:${GATEWAY_PORT}`;
  const service = launch('community-feed', 'services/community-feed/src/server.ts', {
    ...shared,
    PORT: String(SERVICE_PORT),
    DATABASE_SCHEMA: SCHEMA,
    PHOTO_STORAGE_DIR: resolve(repoRoot, '.tmp/feed-bench-photos'),
  });
  let gateway: ChildProcess | undefined;
  try {
    await waitReady(serviceUrl, service);
    console.log(`community-feed bench: ${POSTS} posts, ${MEMBERS} members, schema ${SCHEMA}`);
    await fill(db);
    gateway = launch('gateway', 'gateway/src/server.ts', {
      ...shared,
      PORT: String(GATEWAY_PORT),
      SERVICE_URL_COMMUNITY_FEED: serviceUrl,
      RATE_LIMIT_PER_MINUTE: '1000000000',
    });
    await waitReady(gatewayUrl, gateway);

    const pool = new Pool(gatewayUrl, { connections: CONCURRENCY + 4 });
    const viewer = await token(VIEWER);
    const get = async (path: string) => {
      const res = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${viewer}` } });
      return (await res.body.json()) as { nextCursor: string | null; posts: unknown[] };
    };
    let cursor: string | null = null;
    for (let page = 1; page < 50; page++)
      cursor = (await get(`/api/v1/community-feed/posts?limit=20${cursor ? `&cursor=${cursor}` : ''}`))
        .nextCursor;
    const reads = {
      'feed, first page': '/api/v1/community-feed/posts?limit=20',
      'feed, 50th page': `/api/v1/community-feed/posts?limit=20&cursor=${cursor}`,
      'post with 40 comments': `/api/v1/community-feed/posts/${`00000000-0000-4000-9000-${POSTS.toString(16).padStart(12, '0')}`}`,
    };
    const report = async (label: string) => {
      console.log(`\n${label} (${SAMPLES} requests each, ${CONCURRENCY} in flight, through the gateway)`);
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
    };
    await report('Reads alone');

    // Writers: members 2..21 alternately post and react, WRITES_PER_SECOND in all, at even intervals.
    const writers = await Promise.all(Array.from({ length: 20 }, (_, i) => token(i + 2)));
    let writing = true;
    let writes = 0;
    let failed = 0;
    const writer = (async () => {
      const start = performance.now();
      while (writing) {
        const n = writes++;
        const who = writers[n % writers.length]!;
        const req =
          n % 2 === 0
            ? {
                method: 'POST' as const,
                path: '/api/v1/community-feed/posts',
                body: JSON.stringify({ content: `<p>Live post ${n}</p>`, topic: 'general' }),
              }
            : {
                method: 'PUT' as const,
                path: `/api/v1/community-feed/posts/${`00000000-0000-4000-9000-${(POSTS - (n % 100)).toString(16).padStart(12, '0')}`}/reactions/me`,
                body: JSON.stringify({ type: ['like', 'love', 'namaste', 'insightful', 'support'][n % 5] }),
              };
        void pool
          .request({
            ...req,
            headers: { authorization: `Bearer ${who}`, 'content-type': 'application/json' },
          })
          .then(async (res) => {
            await res.body.text();
            if (res.statusCode >= 300) failed++;
          })
          .catch(() => failed++);
        const due = start + (writes * 1000) / WRITES_PER_SECOND;
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      }
    })();
    await report(`Reads while ${WRITES_PER_SECOND} writes a second (posts and reactions by 20 members)`);
    writing = false;
    await writer;
    console.log(`  writes sent: ${writes}, failed: ${failed}`);
    await pool.close();
  } finally {
    if (gateway) await stop(gateway);
    await stop(service);
    if (!KEEP) await db.query(`drop schema if exists ${SCHEMA} cascade`);
    await db.end();
    jwks.close();
  }
}

await main();
