import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEvent, type EventEnvelope } from '@mer/contracts';
import {
  EmbeddedBus,
  NatsBus,
  OutboxRelay,
  addManyToOutbox,
  addToOutbox,
  defineConsumer,
  migrate,
  openTx,
  startConsumer,
  writeToOutboxAtCommit,
  type Database,
  type EventBus,
} from '../src/index.ts';
import {
  createTestInfra,
  deliveringTwice,
  detectServers,
  eventually,
  testLogger,
  type TestInfra,
} from '../src/testing/index.ts';

const Tick = defineEvent(
  'bustest.tick.happened.v1',
  'contract-suite event',
  Type.Object({ n: Type.Integer() }),
);

const OddText = defineEvent(
  'bustest.text.written.v1',
  'contract-suite event with text to quote',
  Type.Object({ text: Type.String() }),
);

function envelope(n: number, subject = Tick.subject): EventEnvelope<{ n: number }> {
  return {
    id: randomUUID(),
    subject,
    occurredAt: new Date().toISOString(),
    producer: 'bustest',
    version: 1,
    payload: { n },
  };
}

/**
 * One suite, two adapters: the guarantees the services rely on hold for NATS JetStream and for
 * the embedded bus alike.
 */
const adapters: Array<{ name: string; force?: 'embedded' }> = [
  { name: 'embedded bus', force: 'embedded' },
  { name: 'NATS JetStream' },
];

for (const adapter of adapters) {
  describe(`event bus contract: ${adapter.name}`, () => {
    let infra: TestInfra;
    let bus: EventBus;
    let skip = false;
    let seq = 0;
    const durable = () => `bustest-${++seq}-${randomUUID().slice(0, 8)}`;
    /** A second connection to the same bus, standing in for another process (a restarted consumer). */
    let reconnect: () => Promise<EventBus>;

    beforeAll(async () => {
      if (!adapter.force && !(await detectServers()).nats) {
        skip = true;
        console.warn('NATS is not reachable: the NATS JetStream bus contract tests were NOT run');
        return;
      }
      infra = await createTestInfra(adapter.force ? { force: 'embedded' } : {});
      bus = infra.bus;
      reconnect = async () =>
        bus instanceof NatsBus
          ? NatsBus.connect({ servers: (await detectServers()).nats!, namespace: infra.namespace })
          : EmbeddedBus.open(infra.databases.forSchema(`mer_bus_${infra.namespace}`));
    });
    afterAll(async () => {
      await infra?.close();
    });

    it('delivers every published event at least once to a durable consumer', async (ctx) => {
      if (skip) return ctx.skip();
      const got = new Set<number>();
      const sub = await bus.subscribe({
        durable: durable(),
        subject: Tick.subject,
        handler: async (e) => void got.add((e.payload as { n: number }).n),
      });
      for (let i = 0; i < 50; i++) await bus.publish(envelope(i));
      await eventually(() => got.size === 50);
      await sub.stop();
    });

    it('stores an event id once: publishing the same event twice delivers it once', async (ctx) => {
      if (skip) return ctx.skip();
      const deliveries: string[] = [];
      const sub = await bus.subscribe({
        durable: durable(),
        subject: Tick.subject,
        handler: async (e) => void deliveries.push(e.id),
      });
      const e = envelope(1);
      await bus.publish(e);
      await bus.publish(e);
      const marker = envelope(2);
      await bus.publish(marker);
      await eventually(() => deliveries.includes(marker.id));
      expect(deliveries.filter((id) => id === e.id)).toHaveLength(1);
      await sub.stop();
    });

    it('keeps publish order for an ordered consumer, even across a failed delivery', async (ctx) => {
      if (skip) return ctx.skip();
      const seen: number[] = [];
      let failedOnce = false;
      const sub = await bus.subscribe({
        durable: durable(),
        subject: Tick.subject,
        ordered: true,
        retryDelayMs: () => 50,
        handler: async (e) => {
          const n = (e.payload as { n: number }).n;
          if (n === 10 && !failedOnce) {
            failedOnce = true;
            throw new Error('transient failure');
          }
          seen.push(n);
        },
      });
      const start = Date.now();
      for (let i = 0; i < 100; i++) await bus.publish(envelope(start + i));
      await eventually(() => seen.filter((n) => n >= start).length === 100, 20_000);
      const mine = seen.filter((n) => n >= start);
      expect(mine).toEqual([...mine].sort((a, b) => a - b));
      await sub.stop();
    });

    it('redelivers an event whose handler failed', async (ctx) => {
      if (skip) return ctx.skip();
      let attempts = 0;
      const e = envelope(7);
      const sub = await bus.subscribe({
        durable: durable(),
        subject: Tick.subject,
        retryDelayMs: () => 50,
        handler: async (got) => {
          if (got.id !== e.id) return;
          attempts++;
          if (attempts < 3) throw new Error('not yet');
        },
      });
      await bus.publish(e);
      await eventually(() => attempts === 3, 15_000);
      await sub.stop();
    });

    it('redelivers to a restarted consumer what a crashed one received but never acknowledged', async (ctx) => {
      if (skip) return ctx.skip();
      const name = durable();
      const e = envelope(99);
      let crashedGot = false;
      // The "crashed" process: receives the event, never finishes, and its connection goes away.
      const crashing = await reconnect();
      await crashing.subscribe({
        durable: name,
        subject: Tick.subject,
        ackWaitMs: 1000,
        handler: async (got) => {
          if (got.id !== e.id) return;
          crashedGot = true;
          await new Promise<void>(() => undefined);
        },
      });
      await bus.publish(e);
      await eventually(() => crashedGot);
      await crashing.close();
      // The restarted process picks up the same durable consumer.
      const restarted = await reconnect();
      let redelivered = false;
      const sub = await restarted.subscribe({
        durable: name,
        subject: Tick.subject,
        ackWaitMs: 1000,
        handler: async (got) => {
          if (got.id === e.id) redelivered = true;
        },
      });
      await eventually(() => redelivered, 15_000);
      await sub.stop();
      await restarted.close();
    });

    describe('with a service database (outbox and idempotent consumers)', () => {
      let database: Database;
      beforeAll(async () => {
        if (skip) return;
        database = infra.databases.forSchema(infra.schemaFor(`bustest_${adapter.force ?? 'nats'}`));
        await migrate(database, [
          { name: '0001_ticks', sql: 'create table ticks (event_id uuid primary key, n bigint not null)' },
        ]);
      });

      it('applies a redelivered event once (processed event ids in the same transaction)', async (ctx) => {
        if (skip) return ctx.skip();
        // Every delivery twice, as JetStream does after a crash between commit and ack.
        const twice = deliveringTwice(bus);
        const events = Array.from({ length: 20 }, (_, i) => envelope(1000 + i));
        const ours = new Set(events.map((e) => e.id));
        let runs = 0;
        const sub = await startConsumer({
          service: 'bustest',
          database,
          bus: twice,
          deps: undefined,
          logger: testLogger(),
          consumer: defineConsumer({
            name: `count-${seq++}`,
            event: Tick,
            handle: async (e, tx) => {
              if (ours.has(e.id)) runs++;
              await tx.trx.insertInto('ticks').values({ event_id: e.id, n: e.payload.n }).execute();
            },
          }),
        });
        for (const e of events) await bus.publish(e);
        await eventually(async () => {
          const rows = await database.db
            .selectFrom('ticks')
            .select('event_id')
            .where(
              'event_id',
              'in',
              events.map((e) => e.id),
            )
            .execute();
          return rows.length === 20;
        });
        expect(runs).toBe(20);
        await sub.stop();
      });

      it('loses nothing when the process dies between commit and publish (outbox)', async (ctx) => {
        if (skip) return ctx.skip();
        const got = new Set<string>();
        const sub = await bus.subscribe({
          durable: durable(),
          subject: Tick.subject,
          handler: async (e) => void got.add(e.id),
        });
        // Commit three events to the outbox; the process "dies" before any relay runs.
        const written = await database.db
          .transaction()
          .execute(async (trx) => [
            await addToOutbox(trx, Tick, { n: 1 }),
            await addToOutbox(trx, Tick, { n: 2 }),
            await addToOutbox(trx, Tick, { n: 3 }),
          ]);
        // The restarted process's relay publishes them.
        const relay = new OutboxRelay(database, bus);
        await relay.publishBatch();
        await eventually(() => written.every((e) => got.has(e.id)));
        // A relay that crashed after publishing but before marking publishes again: still delivered once.
        await database.db
          .updateTable('outbox')
          .set({ published_at: null })
          .where(
            'id',
            'in',
            written.map((e) => e.id),
          )
          .execute();
        const before = got.size;
        await relay.publishBatch();
        const marker = envelope(4);
        await bus.publish(marker);
        await eventually(() => got.has(marker.id));
        expect(got.size).toBe(before + 1);
        await sub.stop();
      });

      it("writes a transaction's events with its commit: kept when it commits, gone when it rolls back or fails", async (ctx) => {
        if (skip) return ctx.skip();
        const outboxIds = async (ids: string[]) =>
          (await database.db.selectFrom('outbox').select('id').where('id', 'in', ids).execute()).map(
            (r) => r.id,
          );
        // Committed: every event is there, as written (text with quotes and backslashes survives the literals).
        let kept: EventEnvelope[] = [];
        await database.db.transaction().execute(async (trx) => {
          const open = openTx(trx, database.schema);
          await open.tx.publish(Tick, { n: 1 });
          await trx.insertInto('ticks').values({ event_id: randomUUID(), n: 1 }).execute();
          await open.tx.publish(OddText, {
            text: `it's a "test" \\ with 'quotes' and \\' back\\slashes \u00e9 😀`,
          });
          kept = await open.flush();
        });
        expect(await outboxIds(kept.map((e) => e.id))).toHaveLength(2);
        const stored = await database.db
          .selectFrom('outbox')
          .select('envelope')
          .where('id', '=', kept[1]!.id)
          .executeTakeFirstOrThrow();
        expect(stored.envelope).toEqual(kept[1]);
        // A transaction that only publishes (on PostgreSQL its BEGIN, outbox rows and COMMIT are one query).
        let only: EventEnvelope[] = [];
        await database.db.transaction().execute(async (trx) => {
          const open = openTx(trx, database.schema);
          await open.tx.publish(Tick, { n: 4 });
          only = await open.flush();
        });
        expect(await outboxIds(only.map((e) => e.id))).toHaveLength(1);
        // Rolled back after the flush: none of them.
        let rolledBack: EventEnvelope[] = [];
        await expect(
          database.db.transaction().execute(async (trx) => {
            const open = openTx(trx, database.schema);
            await open.tx.publish(Tick, { n: 2 });
            rolledBack = await open.flush();
            throw new Error('changed my mind');
          }),
        ).rejects.toThrow('changed my mind');
        expect(await outboxIds(rolledBack.map((e) => e.id))).toEqual([]);
        // The outbox refuses a row (an id already there): the commit fails and the transaction's other writes go too.
        const tick = randomUUID();
        await expect(
          database.db.transaction().execute(async (trx) => {
            const open = openTx(trx, database.schema);
            await trx.insertInto('ticks').values({ event_id: tick, n: 3 }).execute();
            await writeToOutboxAtCommit(trx, database.schema, [kept[0]!]);
            await open.flush();
          }),
        ).rejects.toThrow();
        expect(
          await database.db.selectFrom('ticks').select('n').where('event_id', '=', tick).execute(),
        ).toEqual([]);
      });

      it('publishes handed-over events from memory, in commit order, once, and marks them published', async (ctx) => {
        if (skip) return ctx.skip();
        const got: number[] = [];
        const sub = await bus.subscribe({
          durable: durable(),
          subject: Tick.subject,
          handler: async (e) => void got.push((e.payload as { n: number }).n),
        });
        const relay = new OutboxRelay(database, bus, undefined, 60_000);
        relay.start();
        const base = 5_000_000 + Math.floor(Math.random() * 1_000_000);
        const written: EventEnvelope[] = [];
        // Commits one after another, each handed over as the runtime's transaction does, while the relay runs.
        for (let i = 0; i < 30; i += 3) {
          const events = await database.db
            .transaction()
            .execute(async (trx) => [
              await addToOutbox(trx, Tick, { n: base + i }),
              await addToOutbox(trx, Tick, { n: base + i + 1 }),
              await addToOutbox(trx, Tick, { n: base + i + 2 }),
            ]);
          relay.handOff(events);
          written.push(...events);
        }
        const ours = () => got.filter((n) => n >= base && n < base + 30);
        await eventually(() => ours().length === 30);
        // stop() waits for the marks: nothing of it is left for a scan to publish again.
        await relay.stop();
        const unpublished = await database.db
          .selectFrom('outbox')
          .select('id')
          .where(
            'id',
            'in',
            written.map((e) => e.id),
          )
          .where('published_at', 'is', null)
          .execute();
        expect(unpublished).toEqual([]);
        const marker = envelope(base + 99);
        await bus.publish(marker);
        await eventually(() => got.includes(base + 99));
        expect(ours()).toEqual(Array.from({ length: 30 }, (_, i) => base + i));
        await sub.stop();
      });

      it('keeps outbox order when the relay pipelines a whole batch', async (ctx) => {
        if (skip) return ctx.skip();
        const got: number[] = [];
        const sub = await bus.subscribe({
          durable: durable(),
          subject: Tick.subject,
          handler: async (e) => void got.push((e.payload as { n: number }).n),
        });
        const base = 1_000_000 + Math.floor(Math.random() * 1_000_000);
        await database.db.transaction().execute(async (trx) => {
          for (let i = 0; i < 150; i++) await addToOutbox(trx, Tick, { n: base + i });
        });
        const relay = new OutboxRelay(database, bus);
        while ((await relay.publishBatch()) > 0);
        await eventually(() => got.filter((n) => n >= base && n < base + 150).length === 150);
        expect(got.filter((n) => n >= base && n < base + 150)).toEqual(
          Array.from({ length: 150 }, (_, i) => base + i),
        );
        await sub.stop();
      });

      it('writes many events at once (addManyToOutbox, more than one INSERT) in the order given', async (ctx) => {
        if (skip) return ctx.skip();
        const got: number[] = [];
        const sub = await bus.subscribe({
          durable: durable(),
          subject: Tick.subject,
          handler: async (e) => void got.push((e.payload as { n: number }).n),
        });
        const base = 3_000_000 + Math.floor(Math.random() * 1_000_000);
        const count = 1_200;
        await database.db.transaction().execute((trx) =>
          addManyToOutbox(
            trx,
            Tick,
            Array.from({ length: count }, (_, i) => ({ n: base + i })),
          ),
        );
        const relay = new OutboxRelay(database, bus);
        while ((await relay.publishBatch()) > 0);
        const ours = () => got.filter((n) => n >= base && n < base + count);
        await eventually(() => ours().length === count);
        expect(ours()).toEqual(Array.from({ length: count }, (_, i) => base + i));
        // One payload breaking the contract: none of them is written.
        await expect(
          database.db
            .transaction()
            .execute((trx) => addManyToOutbox(trx, Tick, [{ n: 1 }, { n: 'not a number' } as never])),
        ).rejects.toThrow(/breaks its contract/);
        await sub.stop();
      });

      it('rolls back the outbox with the change: an aborted transaction publishes nothing', async (ctx) => {
        if (skip) return ctx.skip();
        const id = await database.db
          .transaction()
          .execute(async (trx) => {
            const e = await addToOutbox(trx, Tick, { n: 5 });
            throw Object.assign(new Error('abort'), { id: e.id });
          })
          .catch((err: { id: string }) => err.id);
        const row = await database.db
          .selectFrom('outbox')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst();
        expect(row).toBeUndefined();
      });

      it('refuses to write an event that breaks its contract', async (ctx) => {
        if (skip) return ctx.skip();
        await expect(
          database.db.transaction().execute((trx) => addToOutbox(trx, Tick, { n: 'not a number' } as never)),
        ).rejects.toThrow(/breaks its contract/);
      });
    });
    it("reports each durable consumer's pending events (its lag), and what it is handling", async (ctx) => {
      if (skip) return ctx.skip();
      const name = durable();
      let release: () => void = () => undefined;
      const holding = new Promise<void>((resolve) => (release = resolve));
      const sub = await bus.subscribe({
        durable: name,
        subject: Tick.subject,
        // Holds the first delivery: one event is out, unacknowledged, while the others wait.
        handler: () => holding,
      });
      for (let i = 0; i < 4; i++) await bus.publish(envelope(i));
      const lag = await eventually(async () => {
        const found = (await bus.consumerLag()).find((c) => c.consumer === name);
        return found && found.ackPending === 1 && found.pending >= 3 ? found : undefined;
      });
      expect(lag).toMatchObject({ subject: Tick.subject, ackPending: 1 });
      release();
      await eventually(async () => {
        const found = (await bus.consumerLag()).find((c) => c.consumer === name);
        return found?.pending === 0 && found.ackPending === 0;
      });
      await sub.stop();
    });
  });
}
