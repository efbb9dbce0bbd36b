import { join } from 'node:path';
import { startCluster } from './topology/cluster.ts';
import { ensureOperatorKey } from './operator-key.ts';

/**
 * `npm run start:cluster`: every service and the gateway as separate processes against
 * PostgreSQL, NATS JetStream and Redis (DATABASE_URL, NATS_URL, REDIS_URL; defaults are the
 * local servers on 127.0.0.1).
 */
const operatorKey = await ensureOperatorKey(join('data', 'operator.key'));
const cluster = await startCluster({
  operatorKey,
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(process.env.NATS_URL ? { natsUrl: process.env.NATS_URL } : {}),
  ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
  gateways: Number(process.env.GATEWAYS ?? 1),
});
console.log(`\n  MER (cluster topology) is running at ${cluster.gateways[0]!.url.replace('127.0.0.1', 'localhost')}\n`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  });
}
