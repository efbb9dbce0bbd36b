import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore, type KeyValueStore } from './cache.ts';
import { detectServers } from './testing/index.ts';

/** The time sets behind the gateway's revoked-access map: the same answers from memory and from Redis. */
const redisUrl = (await detectServers()).redis;
if (!redisUrl) console.warn('Redis is not reachable: the Redis store tests were NOT run');
const stores: Array<[string, () => Promise<KeyValueStore>]> = [
  ['memory', async () => createMemoryStore()],
  ...(redisUrl
    ? [
        ['Redis', () => createRedisStore(redisUrl, `mer:t${randomBytes(4).toString('hex')}:`)] as [
          string,
          () => Promise<KeyValueStore>,
        ],
      ]
    : []),
];
const opened: KeyValueStore[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

describe.each(stores)('time sets in the %s store', (_name, open) => {
  it('keeps the later time of a member whichever write lands last, and forgets old members', async () => {
    const store = await open();
    opened.push(store);
    const now = Date.now();
    await store.raiseTime('revoked', 'u1', now - 1000, 60_000);
    await store.raiseTime('revoked', 'u1', now - 5000, 60_000);
    await store.raiseTime('revoked', 'u2', now - 120_000, 60_000);
    await store.raiseTime('revoked', 'u3', now, 60_000);
    expect(await store.timesSince('revoked', now - 60_000)).toEqual(
      new Map([
        ['u1', now - 1000],
        ['u3', now],
      ]),
    );
    expect(await store.timesSince('revoked', now - 500)).toEqual(new Map([['u3', now]]));
    expect(await store.timesSince('nothing', 0)).toEqual(new Map());
  });
});

describe.each(stores)('counters in the %s store', (_name, open) => {
  it('counts by one or by more in one window that the first increment starts', async () => {
    const store = await open();
    opened.push(store);
    expect((await store.increment('c', 60_000)).count).toBe(1);
    expect((await store.increment('c', 60_000, 16)).count).toBe(17);
    const { count, ttlMs } = await store.increment('c', 10);
    expect(count).toBe(18);
    // The window is the first increment's: a later one never shortens or extends it.
    expect(ttlMs).toBeGreaterThan(50_000);
  });
});
