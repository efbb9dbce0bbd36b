import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Pool } from 'undici';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@mer/contracts';
import { launch, percentile, stop, waitReady } from './support/processes.ts';
import { TOPICS } from '../services/search/eval/community.ts';
import { LABELLED_QUERIES } from '../services/search/eval/queries.ts';
import { mean, ndcgAt, recallAt } from '../services/search/src/domain/evaluation.ts';
import { indexWords } from '../services/search/src/domain/documents.ts';

/**
 * `npm run bench:search`: global search at 1,000,000 posts, 100,000 members, 100,000 events and 10,000 circles,
 * through the gateway in the cluster topology (search and the gateway each in their own process, on the
 * PostgreSQL, NATS and Redis servers).
 *
 * 1. Starts search once on a schema of its own (search_bench) so its migrations run, then fills the read model
 *    directly in SQL (INSERT … SELECT over generate_series, server side, never through the API or the bus), with
 *    the indexes dropped during the load and built after it: every item is about one of the evaluation's sixteen
 *    topics (services/search/eval/community.ts), with its titles and sentences. The lexicon (spelling corrections)
 *    is the words of those texts.
 * 2. Starts the gateway in front of it, with a key set served here so tokens can be minted without identity.
 * 3. Times QUERIES mixed queries (exact, misspelt, multi-word, filtered by type, category or location), CONCURRENCY
 *    in flight, plain and then AI search; prints p50/p95/p99 of each.
 * 4. Runs the 208 labelled queries of the evaluation against this index, plain and AI: nDCG@10 and recall@20
 *    (relevant: the items of the query's topics, of its type filter).
 * The schema is dropped at the end (KEEP=1 keeps it for another run: then filling is skipped).
 * Settings: POSTS (1000000), MEMBERS (100000), EVENTS (100000), CIRCLES (10000), QUERIES (500), CONCURRENCY (4),
 * FILL_ONLY.
 */

const POSTS = Number(process.env.POSTS ?? 1_000_000);
const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const EVENTS = Number(process.env.EVENTS ?? 100_000);
const CIRCLES = Number(process.env.CIRCLES ?? 10_000);
const QUERIES = Number(process.env.QUERIES ?? 500);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const KEEP = process.env.KEEP === '1';
/** FILL_ONLY=1 (with KEEP=1): fill the schema and stop, for a later timed run or for EXPLAIN on the kept data. */
const FILL_ONLY = process.env.FILL_ONLY === '1';
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCHEMA = 'search_bench';
const SERVICE_PORT = 14_909;
const GATEWAY_PORT = 14_980;

/** Item n of a type: type digit in the id, so a result's topic is known from its id (n % 16). */
const TYPE_DIGIT = { post: '1', person: '2', event: '3', circle: '4' } as const;
const idSql = (type: keyof typeof TYPE_DIGIT, expr: string) =>
  `('00000000-0000-4000-${TYPE_DIGIT[type]}000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;
const topicOfId = (id: string) => Number.parseInt(id.slice(24), 16) % TOPICS.length;
const typeOfId = (id: string) =>
  (Object.entries(TYPE_DIGIT).find(([, d]) => d === id[19])?.[0] ?? 'post') as keyof typeof TYPE_DIGIT;

const INDEXES = [
  `create index postings_ranked on postings (lexeme, type, rank desc, created_at desc, document_id)`,
  `create index documents_title_trgm on documents using gin (lower(title) gin_trgm_ops) where type in ('circle', 'event', 'person') and visible and deleted_at is null`,
  `create index documents_owner on documents (owner_id)`,
  `create index documents_type_created on documents (type, created_at desc) where visible and deleted_at is null`,
];

async function fill(db: pg.Client): Promise<void> {
  const { rows } = await db.query(`select count(*)::int as n from ${SCHEMA}.documents`);
  if (rows[0].n >= POSTS + MEMBERS + EVENTS + CIRCLES)
    return console.log(`  kept ${rows[0].n} items from an earlier run`);
  const t0 = performance.now();
  const step = async (label: string, text: string, values?: unknown[]) => {
    const t = performance.now();
    await db.query(text, values);
    console.log(`  ${label.padEnd(40)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await db.query(`set search_path to ${SCHEMA}, public`);
  await db.query(`set synchronous_commit to off`);
  await db.query(`set maintenance_work_mem to '512MB'`);
  await db.query(`truncate documents, lexicon, postings`);
  for (const index of INDEXES.map((i) => i.split(' ')[2]!)) await db.query(`drop index if exists ${index}`);
  // The postings are written in one statement after the documents, not row by row by the trigger.
  await db.query(`alter table documents disable trigger documents_postings`);
  // The topics' texts as arrays, one row per topic: an item picks its title and sentences by functions of i.
  await db.query(
    `create temp table bench_topic (topic int primary key, titles text[], sentences text[], category text)`,
  );
  await db.query(
    `insert into bench_topic select topic, titles::text[], sentences::text[], category
       from unnest($1::int[], $2::text[], $3::text[], $4::text[]) as t(topic, titles, sentences, category)`,
    [
      TOPICS.map((_, i) => i),
      TOPICS.map((t) => `{${t.titles.map((x) => JSON.stringify(x)).join(',')}}`),
      TOPICS.map((t) => `{${t.sentences.map((x) => JSON.stringify(x)).join(',')}}`),
      TOPICS.map((t) => t.category),
    ],
  );
  await db.query(`analyze bench_topic`);
  const T = TOPICS.length;
  const title = (expr: string) => `tp.titles[1 + (${expr}) % cardinality(tp.titles)]`;
  const sentence = (expr: string) => `tp.sentences[1 + (${expr}) % cardinality(tp.sentences)]`;
  const cities = `(array['Lisbon, Portugal','Porto, Portugal','Berlin, Germany','Amsterdam, Netherlands','Barcelona, Spain','London, United Kingdom','Online'])`;
  const insert = (
    type: keyof typeof TYPE_DIGIT,
    n: number,
    cols: {
      title: string;
      description: string;
      category: string;
      location: string;
      startsAt: string;
      url: string;
    },
  ) =>
    step(
      `${n} ${type === 'person' ? 'members' : `${type}s`}`,
      `insert into documents (id, type, owner_id, title, description, category, location, image_url, url, starts_at,
         created_at, popularity, visible, source_at, deleted_at)
       select ${idSql(type, 'i')}, '${type}', ${type === 'person' ? idSql('person', 'i') : idSql('person', `i * 7919 % ${MEMBERS} + 1`)},
         ${cols.title}, ${cols.description}, ${cols.category}, ${cols.location}, null, ${cols.url}, ${cols.startsAt},
         now() - (i * 7 % 365) * interval '1 day' - (i % 86400) * interval '1 second', (i * 31) % 200, true, now(), null
       from generate_series(1::bigint, ${n}) i join bench_topic tp on tp.topic = i % ${T}`,
    );
  await insert('circle', CIRCLES, {
    title: title('i / 16'),
    description: `${sentence('i')} || ' ' || ${sentence('i / 7')}`,
    category: 'tp.category',
    location: `${cities}[1 + i % 7]`,
    startsAt: 'null',
    url: `'/circles/' || ${idSql('circle', 'i')}`,
  });
  await insert('event', EVENTS, {
    title: `${title('i / 16')} || ' ' || (array['Weekend','Meetup','Session','Retreat',''])[1 + i % 5]`,
    description: `${sentence('i')} || ' ' || ${sentence('i / 7')}`,
    category: 'tp.category',
    location: `${cities}[1 + i % 7]`,
    startsAt: `now() + (i % 120) * interval '1 day'`,
    url: `'/events/' || ${idSql('event', 'i')}`,
  });
  await insert('person', MEMBERS, {
    title: `(array['Ana','Luz','River','Sol','Kai','Maya','Noor','Ravi','Lena','Tara','Omar','Iris','Jonas','Sara','Yuki','Eli'])[1 + i / 16 % 16] || ' ' || (array['Stone','Moon','Silva','Rivers','Weber','Costa','Haas','Dias','Lund','Patel','Ortiz','Vogel'])[1 + i % 12] || ' ' || i`,
    description: `'@member' || i || ' · ' || tp.category`,
    category: 'tp.category',
    location: `case when i % 4 = 0 then null else ${cities}[1 + i % 7] end`,
    startsAt: 'null',
    url: `'/profile/' || ${idSql('person', 'i')}`,
  });
  await insert('post', POSTS, {
    title: `left((array['Loved ','Anyone joining ','Thoughts on ','Grateful for ','Looking for '])[1 + i / 16 % 5] || lower(${title('i / 80')}) || '. ' || ${sentence('i / 3')}, 80)`,
    description: `(array['Loved ','Anyone joining ','Thoughts on ','Grateful for ','Looking for '])[1 + i / 16 % 5] || lower(${title('i / 80')}) || '. ' || ${sentence('i / 3')}`,
    category: `(array['general','practice','tradition','healing','gratitude'])[1 + i % 5]`,
    location: 'null',
    startsAt: 'null',
    url: `'/community/post/' || ${idSql('post', 'i')}`,
  });
  const words = indexWords([
    ...TOPICS.flatMap((t) => [...t.titles, ...t.sentences, t.category]),
    'Ana Luz River Sol Kai Maya Noor Ravi Lena Tara Omar Iris Jonas Sara Yuki Eli Stone Moon Silva Rivers Weber Costa Haas Dias Lund Patel Ortiz Vogel',
    'Loved Anyone joining Thoughts Grateful Looking Weekend Meetup Session Retreat Lisbon Porto Berlin Amsterdam Barcelona London Online',
  ]);
  await step(
    `lexicon (${words.length} words)`,
    `insert into lexicon (word) select unnest($1::text[]) on conflict do nothing`,
    [words],
  );
  await step(
    'postings',
    `insert into postings (lexeme, type, rank, created_at, document_id)
       select w.lexeme, d.type, w.rank, d.created_at, d.id
       from documents d, posting_words(d.search) w where d.visible and d.deleted_at is null`,
  );
  await db.query(`alter table documents enable trigger documents_postings`);
  for (const index of INDEXES) await step(index.split(' ')[2]!, index);
  // Vacuumed so that the postings' visibility map lets their reads skip the table (index-only).
  await step('vacuum analyze documents', `vacuum analyze documents`);
  await step('vacuum analyze postings', `vacuum analyze postings`);
  await step('analyze lexicon', `analyze lexicon`);
  console.log(`  filled in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/** QUERIES mixed queries: exact words, misspellings, several words, and filters by type, category or location. */
function mixedQueries(): string[] {
  const out: string[] = [];
  const types = ['circle', 'event', 'person', 'post'];
  const cities = ['Lisbon', 'Porto', 'Berlin', 'Online'];
  for (let i = 0; out.length < QUERIES; i++) {
    const q = LABELLED_QUERIES[(i * 37) % LABELLED_QUERIES.length]!;
    const topic = TOPICS.find((t) => t.name === q.topics[0])!;
    const params = new URLSearchParams({ q: q.query });
    if (i % 4 === 1) params.append('types', types[i % 4]!);
    if (i % 8 === 3) params.append('categories', topic.category);
    if (i % 8 === 5) params.append('locations', cities[i % 4]!);
    if (i % 10 === 7) params.set('sortBy', i % 20 === 7 ? 'date' : 'popularity');
    out.push(params.toString());
  }
  return out;
}

async function time(pool: Pool, queries: string[], token: string, ai: boolean): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < queries.length) {
      const qs = queries[next++]!;
      const path = `/api/v1/search/results?${qs}${ai ? '&ai=true' : ''}`;
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
  const token = await new SignJWT({ sid: 'bench', roles: ['member'], perms: [] })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'bench' })
    .setSubject('00000000-0000-4000-2000-000000000001')
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
    BUS_NAMESPACE: 'searchbench',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  const serviceUrl = `http://127.0.0.1:${SERVICE_PORT}`;
  const gatewayUrl = `http://127.0.0.1:${GATEWAY_PORT}`;
  const service = launch('search', 'services/search/src/server.ts', {
    ...shared,
    PORT: String(SERVICE_PORT),
    DATABASE_SCHEMA: SCHEMA,
  });
  let gateway: ChildProcess | undefined;
  try {
    await waitReady(serviceUrl, service);
    console.log(
      `search bench: ${POSTS} posts, ${MEMBERS} members, ${EVENTS} events, ${CIRCLES} circles, schema ${SCHEMA}`,
    );
    await fill(db);
    if (FILL_ONLY) return;
    gateway = launch('gateway', 'gateway/src/server.ts', {
      ...shared,
      PORT: String(GATEWAY_PORT),
      SERVICE_URL_SEARCH: serviceUrl,
      RATE_LIMIT_PER_MINUTE: '1000000000',
    });
    await waitReady(gatewayUrl, gateway);
    const pool = new Pool(gatewayUrl, { connections: CONCURRENCY + 4 });
    const queries = mixedQueries();

    console.log(`\n${QUERIES} mixed queries, ${CONCURRENCY} in flight, through the gateway`);
    console.log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    console.log(`  ${'search'.padEnd(12)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'p99'.padStart(9)}`);
    for (const ai of [false, true]) {
      await time(pool, queries.slice(0, 50), token, ai); // warm-up
      const t = await time(pool, queries, token, ai);
      const f = (p: number) => `${percentile(t, p).toFixed(1)} ms`.padStart(9);
      console.log(`  ${(ai ? 'AI' : 'plain').padEnd(12)} ${f(50)} ${f(95)} ${f(99)}`);
    }

    console.log(
      `\nEvaluation at this size: ${LABELLED_QUERIES.length} labelled queries (relevant: items of the query's topics)`,
    );
    for (const ai of [false, true]) {
      const ndcg: number[] = [];
      const recall: number[] = [];
      for (const q of LABELLED_QUERIES) {
        const params = new URLSearchParams({ q: `${q.query} ` });
        for (const type of q.types ?? []) params.append('types', type);
        if (ai) params.set('ai', 'true');
        const res = await pool.request({
          method: 'GET',
          path: `/api/v1/search/results?${params}`,
          headers: { authorization: `Bearer ${token}` },
        });
        const { results } = (await res.body.json()) as { results: { id: string }[] };
        const ranked = results.map((r) => r.id);
        const topics = new Set(q.topics.map((name) => TOPICS.findIndex((t) => t.name === name)));
        // Every item of the topics is relevant: the ranked ones are judged, and at least 20 exist of each.
        const relevant = new Set(
          ranked.filter((id) => topics.has(topicOfId(id)) && (!q.types || q.types.includes(typeOfId(id)))),
        );
        const pad = Array.from({ length: 20 }, (_, i) => `unseen-${i}`);
        for (const p of pad) relevant.add(p);
        ndcg.push(ndcgAt(10, ranked, relevant));
        recall.push(recallAt(20, ranked, relevant));
      }
      console.log(
        `  ${(ai ? 'AI' : 'plain').padEnd(12)} nDCG@10 ${mean(ndcg).toFixed(3)}  recall@20 ${mean(recall).toFixed(3)}`,
      );
    }
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
