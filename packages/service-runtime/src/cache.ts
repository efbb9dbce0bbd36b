import { createClient } from 'redis';

/**
 * The small key-value surface MER needs from Redis (counters with expiry for rate limits,
 * short-lived cached values). In-memory in the embedded topology, Redis in the cluster.
 */
export interface KeyValueStore {
  readonly kind: 'memory' | 'redis';
  /** Increments a counter; the first increment starts its window. Returns the count and ms left. */
  increment(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryStore(): KeyValueStore {
  // Counters stay numbers: the gateway increments one on every API request, and a string to build
  // and parse each time is garbage on its hottest path.
  const entries = new Map<string, { value: string | number; expiresAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, e] of entries) if (e.expiresAt <= now) entries.delete(k);
  }, 60_000);
  sweep.unref();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    kind: 'memory',
    async increment(key, windowMs) {
      const e = live(key);
      if (!e) {
        entries.set(key, { value: 1, expiresAt: Date.now() + windowMs });
        return { count: 1, ttlMs: windowMs };
      }
      e.value = Number(e.value) + 1;
      return { count: e.value, ttlMs: e.expiresAt - Date.now() };
    },
    async get(key) {
      const value = live(key)?.value;
      return value === undefined ? null : String(value);
    },
    async set(key, value, ttlMs) {
      entries.set(key, { value, expiresAt: Date.now() + ttlMs });
    },
    async delete(key) {
      entries.delete(key);
    },
    async close() {
      clearInterval(sweep);
      entries.clear();
    },
  };
}

export async function createRedisStore(url: string, prefix = 'mer:'): Promise<KeyValueStore> {
  const client = createClient({ url });
  client.on('error', () => undefined); // reconnects by itself; commands fail meanwhile
  await client.connect();
  return {
    kind: 'redis',
    async increment(key, windowMs) {
      const k = prefix + key;
      const [count, ttl] = (await client
        .multi()
        .incr(k)
        .pExpire(k, windowMs, 'NX')
        .pTTL(k)
        .exec()) as unknown as [number, number, number];
      return { count: Number(count), ttlMs: Number(ttl) };
    },
    async get(key) {
      return (await client.get(prefix + key)) as string | null;
    },
    async set(key, value, ttlMs) {
      await client.set(prefix + key, value, { PX: ttlMs });
    },
    async delete(key) {
      await client.del(prefix + key);
    },
    async close() {
      await client.quit().catch(() => undefined);
    },
  };
}
