import { createClient } from 'redis';

/**
 * The small key-value surface MER needs from Redis (counters with expiry for rate limits,
 * short-lived cached values). In-memory in the embedded topology, Redis in the cluster.
 */
export interface KeyValueStore {
  readonly kind: 'memory' | 'redis';
  /**
   * Increments a counter (by 1, or by `by`); the first increment starts its window. Returns the count and ms left.
   */
  increment(key: string, windowMs: number, by?: number): Promise<{ count: number; ttlMs: number }>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Records a time (ms) for a member of a named set, keeping the later one when the member is already there, and
   * forgets members whose time is older than `retainMs` (the gateway's revoked-before times of access tokens).
   */
  raiseTime(key: string, member: string, atMs: number, retainMs: number): Promise<void>;
  /** Every member of a named set whose time is at or after `sinceMs`, with that time (ms). */
  timesSince(key: string, sinceMs: number): Promise<Map<string, number>>;
  close(): Promise<void>;
}

export function createMemoryStore(): KeyValueStore {
  // Counters stay numbers: the gateway increments one on every API request, and a string to build
  // and parse each time is garbage on its hottest path.
  const entries = new Map<string, { value: string | number; expiresAt: number }>();
  const timeSets = new Map<string, { times: Map<string, number>; retainMs: number }>();
  const forgetOld = (set: { times: Map<string, number>; retainMs: number }, now: number) => {
    for (const [member, at] of set.times) if (at < now - set.retainMs) set.times.delete(member);
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, e] of entries) if (e.expiresAt <= now) entries.delete(k);
    for (const set of timeSets.values()) forgetOld(set, now);
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
    async increment(key, windowMs, by = 1) {
      const e = live(key);
      if (!e) {
        entries.set(key, { value: by, expiresAt: Date.now() + windowMs });
        return { count: by, ttlMs: windowMs };
      }
      e.value = Number(e.value) + by;
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
      timeSets.delete(key);
    },
    async raiseTime(key, member, atMs, retainMs) {
      let set = timeSets.get(key);
      if (!set) timeSets.set(key, (set = { times: new Map(), retainMs }));
      set.retainMs = retainMs;
      set.times.set(member, Math.max(atMs, set.times.get(member) ?? -Infinity));
      forgetOld(set, Date.now());
    },
    async timesSince(key, sinceMs) {
      const found = new Map<string, number>();
      for (const [member, at] of timeSets.get(key)?.times ?? []) if (at >= sinceMs) found.set(member, at);
      return found;
    },
    async close() {
      clearInterval(sweep);
      entries.clear();
      timeSets.clear();
    },
  };
}

export async function createRedisStore(url: string, prefix = 'mer:'): Promise<KeyValueStore> {
  const client = createClient({ url });
  client.on('error', () => undefined); // reconnects by itself; commands fail meanwhile
  await client.connect();
  return {
    kind: 'redis',
    async increment(key, windowMs, by = 1) {
      const k = prefix + key;
      // The replies of INCRBY, PEXPIRE and PTTL: the time left is the third.
      const [count, , ttl] = (await client
        .multi()
        .incrBy(k, by)
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
    async raiseTime(key, member, atMs, retainMs) {
      // A sorted set scored by time: GT keeps the later time of a member whichever write lands last.
      const k = prefix + key;
      await client
        .multi()
        .zAdd(k, { score: atMs, value: member }, { comparison: 'GT' })
        .zRemRangeByScore(k, '-inf', `(${Date.now() - retainMs}`)
        .pExpire(k, retainMs)
        .exec();
    },
    async timesSince(key, sinceMs) {
      const rows = await client.zRangeByScoreWithScores(prefix + key, sinceMs, '+inf');
      return new Map(rows.map((row) => [String(row.value), Number(row.score)]));
    },
    async close() {
      await client.quit().catch(() => undefined);
    },
  };
}
