import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { MessagingMessage, MessagingMessagePage, RealtimeMessage } from '@mer/contracts';
import { detectServers, eventually, removeNamespace } from '@mer/service-runtime/testing';
import { startMessagingCluster, type MessagingCluster } from './support/messaging-cluster.ts';
import { freeOffset } from './support/ports.ts';

/**
 * Issue 17, loss and duplication in the cluster topology: two members exchange 500 messages through two gateway
 * processes while the messaging process is killed with kill -9 (and started again) and one gateway is killed for
 * good. Clients do what the messaging remote does: a send that fails for the network or an unavailable service is
 * retried with the same clientMessageId; a closed socket reconnects (to the other gateway when its own is gone) and
 * fetches what it missed after the last sequence number it holds without a gap; pushes and fetches are merged by
 * message id. Then: every message is stored once, with gap-free sequence numbers in each sender's order, and each
 * member's view holds all 500 once, in order.
 */
const servers = await detectServers();
const real = Boolean(servers.postgres && servers.nats && servers.redis);
if (!real) {
  console.warn(
    'PostgreSQL, NATS or Redis not reachable: the messaging cluster fault test (kill -9 messaging and a gateway) was NOT run',
  );
}

const TOTAL = 500;

/** A member's client: one socket on one gateway at a time, sends retried with their optimistic id. */
class Client {
  gateway: number;
  socket: WebSocket | undefined;
  /** message id → sequence, from pushes and catch-ups. */
  readonly seen = new Map<string, number>();
  readonly bySequence = new Map<number, string>();
  pushes = 0;
  reconnects = 0;
  retries = 0;
  private closed = false;

  constructor(
    private readonly cluster: MessagingCluster,
    readonly token: string,
    readonly conversationId: string,
    gateway: number,
  ) {
    this.gateway = gateway;
  }

  private get base(): string {
    return this.cluster.gatewayUrls[this.gateway]!;
  }

  private switchGateway(): void {
    this.gateway = (this.gateway + 1) % this.cluster.gatewayUrls.length;
  }

  /** The highest sequence number n such that 1..n are all held: where a catch-up starts. */
  contiguous(): number {
    let n = 0;
    while (this.bySequence.has(n + 1)) n++;
    return n;
  }

  private record(id: string, sequence: number): void {
    const known = this.seen.get(id);
    if (known !== undefined && known !== sequence) throw new Error(`message ${id} seen with two sequences`);
    const other = this.bySequence.get(sequence);
    if (other !== undefined && other !== id) throw new Error(`sequence ${sequence} holds two messages`);
    this.seen.set(id, sequence);
    this.bySequence.set(sequence, id);
  }

  /** An HTTP call through the client's gateway, retried (on the other gateway after a network error). */
  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      let text = '';
      try {
        const res = await fetch(`${this.base}/api/v1/messaging${path}`, {
          method,
          headers: {
            authorization: `Bearer ${this.token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        text = await res.text();
      } catch {
        this.switchGateway();
      }
      if (status >= 200 && status < 300) return JSON.parse(text) as T;
      if (status !== 0 && status < 500) throw new Error(`${method} ${path}: ${status} ${text}`);
      if (attempt > 600) throw new Error(`${method} ${path}: still failing (${status} ${text})`);
      this.retries++;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  send(body: string): Promise<MessagingMessage> {
    return this.request<MessagingMessage>('POST', `/conversations/${this.conversationId}/messages`, {
      body,
      clientMessageId: randomUUID(),
    });
  }

  async catchUp(): Promise<void> {
    for (;;) {
      const page = await this.request<MessagingMessagePage>(
        'GET',
        `/conversations/${this.conversationId}/messages?after=${this.contiguous()}&limit=200`,
      );
      for (const m of page.messages) this.record(m.id, m.sequence);
      if (!page.hasMore) return;
    }
  }

  /** Opens a socket (trying the gateways in turn), then catches up; reconnects whenever it closes. */
  async connect(): Promise<void> {
    for (;;) {
      try {
        await this.open();
        break;
      } catch {
        this.switchGateway();
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    await this.catchUp();
  }

  private open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${this.base.replace('http', 'ws')}/ws`);
      let ready = false;
      socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: this.token })));
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as RealtimeMessage;
        if (message.type === 'ready') {
          ready = true;
          this.socket = socket;
          resolve();
        } else if (message.type === 'messaging.message.created') {
          this.pushes++;
          const d = message.data as { messageId: string; sequence: number; conversationId: string };
          if (d.conversationId === this.conversationId) this.record(d.messageId, d.sequence);
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (!ready) return reject(new Error('socket closed before ready'));
        if (this.closed) return;
        this.reconnects++;
        void this.connect();
      });
    });
  }

  close(): void {
    this.closed = true;
    this.socket?.terminate();
  }
}

describe.runIf(real)(
  'messaging in the cluster topology: kill -9 messaging and a gateway mid-conversation',
  () => {
    let cluster: MessagingCluster;
    const namespace = `msgflt${randomBytes(3).toString('hex')}`;
    const clients: Client[] = [];

    beforeAll(async () => {
      cluster = await startMessagingCluster({
        namespace,
        // 26000-32002: below the system's ephemeral ports, apart from the identity cluster journey's.
        portBase: await freeOffset([0, 1, 2], 26_000, 32_000),
        gateways: 2,
        databaseUrl: servers.postgres!,
        natsUrl: servers.nats!,
        redisUrl: servers.redis!,
        onOutput: (name, line) => {
          if (process.env.MER_TEST_LOG_LEVEL) console.log(`${name} | ${line}`);
        },
      });
    }, 120_000);

    afterAll(async () => {
      for (const c of clients) c.close();
      await cluster?.stop();
      await removeNamespace(servers, namespace);
    });

    it('stores and delivers all 500 messages once, in order', async () => {
      const [aId, bId] = [randomUUID(), randomUUID()];
      await cluster.addMembers([aId, bId]);
      const [aToken, bToken] = [await cluster.token(aId), await cluster.token(bId)];
      const started = await fetch(`${cluster.gatewayUrls[0]}/api/v1/messaging/conversations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${aToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ memberId: bId }),
      });
      expect(started.status).toBe(201);
      const conversationId = ((await started.json()) as { id: string }).id;
      // A on gateway 1 (killed later), B on gateway 2.
      const a = new Client(cluster, aToken, conversationId, 0);
      const b = new Client(cluster, bToken, conversationId, 1);
      clients.push(a, b);
      await Promise.all([a.connect(), b.connect()]);

      // Both send at once, each in order; faults strike while they do.
      let sentCount = 0;
      const sentBy = new Map<Client, MessagingMessage[]>([
        [a, []],
        [b, []],
      ]);
      const sender = async (c: Client, name: string) => {
        for (let i = 1; i <= TOTAL / 2; i++) {
          sentBy.get(c)!.push(await c.send(`${name} ${i}`));
          sentCount++;
        }
      };
      const faults = (async () => {
        await eventually(() => sentCount >= 100, 60_000, 5);
        await cluster.restartMessaging('SIGKILL');
        await eventually(() => sentCount >= 300, 60_000, 5);
        await cluster.killGateway(0, 'SIGKILL');
      })();
      const t0 = Date.now();
      await Promise.all([sender(a, 'A'), sender(b, 'B'), faults]);
      const elapsed = Date.now() - t0;

      // Stored once each, gap-free, in each sender's order.
      const stored: MessagingMessage[] = [];
      for (;;) {
        const page = await b.request<MessagingMessagePage>(
          'GET',
          `/conversations/${conversationId}/messages?after=${stored.at(-1)?.sequence ?? 0}&limit=200`,
        );
        stored.push(...page.messages);
        if (!page.hasMore) break;
      }
      expect(stored).toHaveLength(TOTAL);
      expect(stored.map((m) => m.sequence)).toEqual(Array.from({ length: TOTAL }, (_, i) => i + 1));
      expect(new Set(stored.map((m) => m.clientMessageId ?? m.id)).size).toBe(TOTAL);
      for (const [c, name] of [
        [a, 'A'],
        [b, 'B'],
      ] as const) {
        const mine = sentBy.get(c)!;
        expect(new Set(mine.map((m) => m.id)).size).toBe(TOTAL / 2);
        const sequences = mine.map((m) => m.sequence);
        expect(sequences).toEqual([...sequences].sort((x, y) => x - y));
        expect(stored.filter((m) => m.body?.startsWith(`${name} `)).map((m) => m.body)).toEqual(
          Array.from({ length: TOTAL / 2 }, (_, i) => `${name} ${i + 1}`),
        );
      }

      // Each member's view (pushes, plus the catch-ups after reconnecting) holds all 500 once, in order, without a
      // final fetch: what the socket and the reconnect rule delivered on their own.
      for (const c of [a, b]) {
        await eventually(() => c.seen.size === TOTAL, 30_000);
        const view = [...c.bySequence.entries()].sort((x, y) => x[0] - y[0]).map(([, id]) => id);
        expect(view).toEqual(stored.map((m) => m.id));
      }
      console.log(
        `500 messages in ${(elapsed / 1000).toFixed(1)} s with messaging killed (-9) and restarted, gateway 1 killed; ` +
          `send retries A ${a.retries} B ${b.retries}, reconnects A ${a.reconnects} B ${b.reconnects}, ` +
          `pushes received A ${a.pushes} B ${b.pushes}`,
      );
      expect(a.reconnects).toBeGreaterThanOrEqual(1);
    }, 150_000);
  },
);
