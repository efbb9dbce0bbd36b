import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Type } from '@sinclair/typebox';
import { defineEvent } from '@mer/contracts';
import {
  OutboxRelay,
  defineConsumer,
  migrate,
  startConsumer,
  addToOutbox,
} from '@mer/service-runtime';
import { createTestInfra, eventually, testLogger } from '@mer/service-runtime/testing';

/**
 * `npm run bench:bus`: outbox-to-consumer latency (commit of the change → idempotent handler
 * committed) p50/p99, and events per second, over NATS JetStream and the embedded bus.
 */
const Measured = defineEvent('benchbus.sample.taken.v1', 'bench event', Type.Object({ sentAt: Type.Number() }));
const LATENCY_SAMPLES = Number(process.env.SAMPLES ?? 500);
const THROUGHPUT_EVENTS = Number(process.env.EVENTS ?? 5000);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(label: string, force?: 'embedded') {
  const infra = await createTestInfra(force ? { force } : {});
  const database = infra.databases.forSchema(infra.schemaFor('benchbus'));
  await migrate(database, []);
  const relay = new OutboxRelay(database, infra.bus, testLogger(), 1000);
  relay.start();
  const latencies: number[] = [];
  let received = 0;
  const sub = await startConsumer({
    service: 'benchbus',
    database,
    bus: infra.bus,
    logger: testLogger(),
    deps: undefined,
    consumer: defineConsumer({
      name: `lat-${randomUUID().slice(0, 6)}`,
      event: Measured,
      handle: async (e) => {
        received++;
        latencies.push(performance.now() - e.payload.sentAt);
      },
    }),
  });

  // Latency: one event at a time, each committed with its change, measured until its handler ran.
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const target = received + 1;
    await database.db.transaction().execute((trx) => addToOutbox(trx, Measured, { sentAt: performance.now() }));
    relay.wake();
    await eventually(() => received >= target, 10_000, 1);
  }
  const sorted = [...latencies].sort((a, b) => a - b);

  // Throughput: a burst written to the outbox in transactions of 100, relayed and consumed.
  const start = received;
  const t0 = performance.now();
  for (let i = 0; i < THROUGHPUT_EVENTS; i += 100) {
    await database.db.transaction().execute(async (trx) => {
      for (let j = 0; j < 100; j++) await addToOutbox(trx, Measured, { sentAt: performance.now() });
    });
    relay.wake();
  }
  await eventually(() => received - start >= THROUGHPUT_EVENTS, 300_000, 5);
  const seconds = (performance.now() - t0) / 1000;

  await sub.stop();
  await relay.stop();
  await database.close();
  await infra.close();
  return {
    label: `${label} (${infra.describe})`,
    p50: pct(sorted, 50),
    p99: pct(sorted, 99),
    perSecond: THROUGHPUT_EVENTS / seconds,
  };
}

const results = [await measure('embedded bus', 'embedded')];
const nats = await createTestInfra().then(async (i) => {
  const real = i.bus.kind === 'nats';
  await i.close();
  return real;
});
if (nats) results.push(await measure('NATS JetStream'));
else console.log('NATS not reachable: only the embedded bus was measured');

console.log(`\nOutbox → bus → idempotent consumer (${LATENCY_SAMPLES} latency samples, ${THROUGHPUT_EVENTS} events burst)`);
for (const r of results) {
  console.log(
    `  ${r.label}\n    latency p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms; throughput ${Math.round(r.perSecond)} events/s`,
  );
}
process.exit(0);
