import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore, type KeyValueStore } from '@mer/service-runtime';
import { detectServers, testLogger } from '@mer/service-runtime/testing';
import { RateLimiter, DEFAULT_RATE_LIMITS } from '../src/rate-limit.ts';

/**
 * The API limit counted in reserved slots: gateways sharing one store (Redis in the cluster) never admit more than
 * the limit together, a single gateway admits exactly the limit, and a store outage lets requests through.
 */
let store: KeyValueStore;
beforeAll(async () => {
  const redis = (await detectServers()).redis;
  if (!redis) console.warn('Redis is not reachable: the rate limiter was tested on the memory store only');
  store = redis
    ? await createRedisStore(redis, `mer:t${randomBytes(4).toString('hex')}:`)
    : createMemoryStore();
});
afterAll(async () => {
  await store?.close();
});

const limiter = (perIp: number, on = () => store) =>
  new RateLimiter(
    { ...on(), increment: (...args) => on().increment(...args) } as KeyValueStore,
    { ...DEFAULT_RATE_LIMITS, perIp, windowMs: 60_000 },
    testLogger(),
  );
const ip = () => `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}-${randomBytes(4).toString('hex')}`;

async function admitted(limiters: RateLimiter[], address: string, requests: number): Promise<number> {
  let count = 0;
  // Concurrent requests, spread over the gateways in turn.
  await Promise.all(
    Array.from({ length: requests }, (_, i) =>
      limiters[i % limiters.length]!.check(address).then(
        () => void count++,
        (err: { code?: string }) => {
          if (err.code !== 'too_many_requests') throw err;
        },
      ),
    ),
  );
  return count;
}

describe('API rate limit in reserved slots', () => {
  it('admits exactly the limit on one gateway, then refuses with retry-after until the window ends', async () => {
    const gateway = limiter(300);
    const address = ip();
    expect(await admitted([gateway], address, 350)).toBe(300);
    const refusal = await gateway.check(address).catch((err: unknown) => err);
    expect(refusal).toMatchObject({ code: 'too_many_requests' });
    // The window's own end (about a minute), not a default.
    expect((refusal as { retryAfterSeconds?: number }).retryAfterSeconds).toBeGreaterThan(50);
  });

  it('never admits more than the limit across gateways sharing the store, and wastes little', async () => {
    const gateways = [limiter(300), limiter(300), limiter(300)];
    const address = ip();
    const total = await admitted(gateways, address, 400);
    expect(total).toBeLessThanOrEqual(300);
    // Unused reserved slots shrink near the limit: a few per gateway at most.
    expect(total).toBeGreaterThanOrEqual(300 - 3 * 8);
    // Each gateway refuses from then on, whichever the request reaches.
    for (const g of gateways)
      await expect(g.check(address)).rejects.toMatchObject({ code: 'too_many_requests' });
  });

  it('lets requests through while the store fails, and counts again once it is back', async () => {
    let failing = true;
    const broken = {
      ...store,
      increment: () => Promise.reject(new Error('store down')),
    } as KeyValueStore;
    const gateway = limiter(5, () => (failing ? broken : store));
    const address = ip();
    expect(await admitted([gateway], address, 20)).toBe(20);
    failing = false;
    expect(await admitted([gateway], address, 20)).toBe(5);
  });
});
