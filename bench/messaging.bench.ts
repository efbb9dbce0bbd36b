import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import WebSocket from 'ws';
import type { RealtimeMessage } from '@mer/contracts';
import { detectServers, removeNamespace } from '@mer/service-runtime/testing';
import { startMessagingCluster } from '../e2e/support/messaging-cluster.ts';

/**
 * `npm run bench:messaging`: one-to-one messages through the gateway's /ws in the cluster topology on this machine
 * (the messaging process and GATEWAYS gateway processes on PostgreSQL, NATS JetStream and Redis; see
 * e2e/support/messaging-cluster.ts).
 *
 * 1. PAIRS pairs of members (2 × PAIRS WebSocket clients, spread over the gateways) and one conversation per pair.
 * 2. For DURATION seconds (after WARMUP seconds not counted), RATE messages a second in all, at even intervals,
 *    pair after pair, the two members of a pair taking turns; each message BODY_BYTES long, sent with
 *    POST …/messages through the gateway (HTTP keep-alive pool) with its clientMessageId.
 * 3. Send-to-receive latency: from the moment the POST is issued to the moment the recipient's socket receives
 *    `messaging.message.created`. Prints p50/p95/p99/max, and delivered/sent: every message must reach its
 *    recipient exactly once (duplicates and losses counted) and the sender's own socket once too. Also the CPU of
 *    each process: its share of a core while sending, and CPU ms per message from the first send until everything
 *    was delivered (the figure to compare between runs on a shared, loaded machine).
 * Settings: PAIRS (1000), RATE (200 messages/s), DURATION (30 s), WARMUP (5 s), BODY_BYTES (1000), GATEWAYS (1),
 * CPU_PROF_DIR (unset: where the messaging and gateway processes write V8 CPU profiles, `node --cpu-prof`).
 * Everything it made (schema, streams) is removed at the end.
 */

const PAIRS = Number(process.env.PAIRS ?? 1000);
const RATE = Number(process.env.RATE ?? 200);
const DURATION = Number(process.env.DURATION ?? 30);
const WARMUP = Number(process.env.WARMUP ?? 5);
const BODY_BYTES = Number(process.env.BODY_BYTES ?? 1000);
const GATEWAYS = Number(process.env.GATEWAYS ?? 1);
const CPU_PROF_DIR = process.env.CPU_PROF_DIR;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** CPU seconds (user + system) a process used so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds of the servers the cluster uses, machine-wide (every PostgreSQL backend, nats-server, redis-server):
 * they share the 2 cores with MER's processes, so their work per message counts as much. Other users of these
 * servers during a run would add to it (the bench runs under an exclusive lock for that reason).
 */
const SERVER_COMMANDS = { postgres: 'postgres', 'nats-server': 'nats', 'redis-server': 'redis' } as const;
function serverCpuSeconds(): Record<string, number> {
  const totals: Record<string, number> = { postgres: 0, nats: 0, redis: 0 };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const server = SERVER_COMMANDS[name as keyof typeof SERVER_COMMANDS];
      if (!server) continue;
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      totals[server]! += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // the process ended meanwhile
    }
  }
  return totals;
}

interface Sent {
  at: number;
  recipient: number;
  sender: number;
  counted: boolean;
  receivedBy: number;
  echoedTo: number;
}

async function main(): Promise<void> {
  const servers = await detectServers();
  if (!servers.postgres || !servers.nats || !servers.redis) {
    console.error(
      'bench:messaging needs PostgreSQL, NATS and Redis running (the cluster topology); not run.',
    );
    process.exitCode = 1;
    return;
  }
  const namespace = `msgbench${randomBytes(2).toString('hex')}`;
  const cluster = await startMessagingCluster({
    namespace,
    portBase: 14_700,
    gateways: GATEWAYS,
    databaseUrl: servers.postgres,
    natsUrl: servers.nats,
    redisUrl: servers.redis,
    onOutput: (name, line) => process.stderr.write(`${name}: ${line}\n`),
    // CPU_PROF_DIR: every process writes a V8 CPU profile there when it stops (open in Chrome's DevTools).
    ...(CPU_PROF_DIR ? { nodeOptions: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] } : {}),
  });
  const sockets: WebSocket[] = [];
  const pools = cluster.gatewayUrls.map((url) => new Pool(url, { connections: 64, pipelining: 1 }));
  try {
    const members = Array.from({ length: PAIRS * 2 }, () => randomUUID());
    await cluster.addMembers(members);
    const tokens = await Promise.all(members.map((id) => cluster.token(id)));
    const poolOf = (n: number) => pools[n % pools.length]!;

    // One conversation per pair (members 2k and 2k+1), started through the gateway.
    const conversations: string[] = new Array<string>(PAIRS);
    let nextPair = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (nextPair < PAIRS) {
          const k = nextPair++;
          const res = await poolOf(2 * k).request({
            method: 'POST',
            path: '/api/v1/messaging/conversations',
            headers: { authorization: `Bearer ${tokens[2 * k]}`, 'content-type': 'application/json' },
            body: JSON.stringify({ memberId: members[2 * k + 1] }),
          });
          const body = (await res.body.json()) as { id: string };
          if (res.statusCode !== 201)
            throw new Error(`start conversation: ${res.statusCode} ${JSON.stringify(body)}`);
          conversations[k] = body.id;
        }
      }),
    );

    // 2 × PAIRS sockets, member n on gateway n % GATEWAYS.
    const sent = new Map<string, Sent>();
    let duplicates = 0;
    let strays = 0;
    // The clients share the 2 cores with what they measure: only the pushes measured are parsed (the gateway writes
    // `type` first), not the unread totals that follow every message.
    const CREATED_PREFIX = '{"type":"messaging.message.created"';
    const onPush = (n: number, raw: WebSocket.RawData) => {
      const now = performance.now();
      const text = raw.toString();
      if (!text.startsWith(CREATED_PREFIX)) return;
      const message = JSON.parse(text) as RealtimeMessage;
      if (message.type !== 'messaging.message.created') return;
      const key = message.data.clientMessageId as string;
      const s = sent.get(key);
      if (!s) return void strays++;
      if (n === s.recipient) {
        s.receivedBy++;
        if (s.receivedBy > 1) duplicates++;
        else if (s.counted) latencies.push(now - s.at);
      } else if (n === s.sender) {
        s.echoedTo++;
        if (s.echoedTo > 1) duplicates++;
      } else strays++;
    };
    const latencies: number[] = [];
    const acks: number[] = [];
    const t0 = performance.now();
    let opened = 0;
    await Promise.all(
      Array.from({ length: 32 }, async (_, worker) => {
        for (let n = worker; n < members.length; n += 32) {
          const socket = new WebSocket(`${cluster.gatewayUrls[n % GATEWAYS]!.replace('http', 'ws')}/ws`);
          sockets.push(socket);
          await new Promise<void>((resolve, reject) => {
            socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token: tokens[n] })));
            socket.once('error', reject);
            // The first message is `ready`; every later one is a push.
            socket.once('message', (raw) => {
              if (!raw.toString().includes('"type":"ready"')) return reject(new Error(`not ready: ${raw}`));
              opened++;
              socket.on('message', (push) => onPush(n, push));
              resolve();
            });
          });
        }
      }),
    );
    console.log(
      `messaging bench: ${opened} WebSocket clients (${PAIRS} pairs) on ${GATEWAYS} gateway(s), ` +
        `open in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${RATE} messages/s for ${DURATION} s ` +
        `(+${WARMUP} s warm-up), ${BODY_BYTES}-byte bodies`,
    );

    const pids = cluster.pids();
    const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
    const benchCpuBefore = process.cpuUsage();
    const serversBefore = serverCpuSeconds();
    const filler = 'x'.repeat(Math.max(0, BODY_BYTES - 40));
    let failed = 0;
    let issued = 0;
    const inFlight = new Set<Promise<void>>();
    const start = performance.now();
    const end = start + (WARMUP + DURATION) * 1000;
    const countFrom = start + WARMUP * 1000;
    for (let i = 0; ; i++) {
      const due = start + (i * 1000) / RATE;
      if (due >= end) break;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const pair = i % PAIRS;
      const turn = Math.floor(i / PAIRS) % 2;
      const sender = 2 * pair + turn;
      const recipient = 2 * pair + 1 - turn;
      const clientMessageId = randomUUID();
      const at = performance.now();
      sent.set(clientMessageId, {
        at,
        sender,
        recipient,
        counted: at >= countFrom,
        receivedBy: 0,
        echoedTo: 0,
      });
      issued++;
      const p = poolOf(sender)
        .request({
          method: 'POST',
          path: `/api/v1/messaging/conversations/${conversations[pair]}/messages`,
          headers: { authorization: `Bearer ${tokens[sender]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ body: `m${i} ${filler}`, clientMessageId }),
        })
        .then(async (res) => {
          await res.body.text();
          if (at >= countFrom) acks.push(performance.now() - at);
          if (res.statusCode !== 201) {
            failed++;
            sent.delete(clientMessageId);
          }
        })
        .catch(() => {
          failed++;
          sent.delete(clientMessageId);
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    const sendSeconds = (performance.now() - start) / 1000;
    const cpuUsed = Object.entries(pids).map(
      ([name, pid]) => `${name} ${((100 * (cpuSeconds(pid) - cpuBefore[name]!)) / sendSeconds).toFixed(0)}%`,
    );
    const benchCpu = process.cpuUsage(benchCpuBefore);
    cpuUsed.push(`bench clients ${((benchCpu.user + benchCpu.system) / 1e4 / sendSeconds).toFixed(0)}%`);
    await Promise.all(inFlight);
    // Stragglers: at most 10 s for every message to arrive.
    const drainUntil = performance.now() + 10_000;
    const undelivered = () => [...sent.values()].filter((s) => s.receivedBy === 0 || s.echoedTo === 0).length;
    while (undelivered() > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));
    // CPU per message over the whole run, sends and deliveries included (on a loaded machine the work spills past
    // the sending window, so the percentages above undercount it): comparable between runs whatever the load.
    const perMessage = (seconds: number) => ((1000 * seconds) / Math.max(1, issued)).toFixed(2);
    const cpuPerMessage = Object.entries(pids).map(
      ([name, pid]) => `${name} ${perMessage(cpuSeconds(pid) - cpuBefore[name]!)}`,
    );
    const benchCpuAll = process.cpuUsage(benchCpuBefore);
    cpuPerMessage.push(`bench clients ${perMessage((benchCpuAll.user + benchCpuAll.system) / 1e6)}`);
    const serversAfter = serverCpuSeconds();
    for (const [server, seconds] of Object.entries(serversAfter))
      cpuPerMessage.push(`${server} ${perMessage(seconds - serversBefore[server]!)}`);

    const counted = [...sent.values()].filter((s) => s.counted);
    const delivered = counted.filter((s) => s.receivedBy === 1).length;
    const sorted = latencies.sort((x, y) => x - y);
    const f = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(
      `  sent ${issued} in ${sendSeconds.toFixed(1)} s (${(issued / sendSeconds).toFixed(0)}/s), failed ${failed}`,
    );
    console.log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores (the machine is shared)`,
    );
    console.log(
      `  send-to-receive (${sorted.length} measured): p50 ${f(percentile(sorted, 50))}, p95 ${f(percentile(sorted, 95))}, ` +
        `p99 ${f(percentile(sorted, 99))}, max ${f(sorted.at(-1) ?? NaN)}`,
    );
    const sortedAcks = acks.sort((x, y) => x - y);
    console.log(
      `  send answered (201, for comparison): p50 ${f(percentile(sortedAcks, 50))}, p95 ${f(percentile(sortedAcks, 95))}, ` +
        `p99 ${f(percentile(sortedAcks, 99))}`,
    );
    console.log(
      `  delivered/sent (after warm-up): ${delivered}/${counted.length}` +
        ` (${((100 * delivered) / Math.max(1, counted.length)).toFixed(2)}%); ` +
        `never received ${undelivered()}, duplicates ${duplicates}, pushes to a wrong member ${strays}`,
    );
    console.log(`  CPU while sending (of one core): ${cpuUsed.join(', ')}`);
    console.log(`  CPU ms per message (sending until delivered): ${cpuPerMessage.join(', ')}`);
    console.log(`  target: p99 ≤ 50 ms, 100% delivered exactly once`);
  } finally {
    for (const s of sockets) s.terminate();
    await Promise.all(pools.map((p) => p.close()));
    await cluster.stop();
    await removeNamespace(servers, namespace);
  }
}

await main();
