import { randomUUID } from 'node:crypto';
import type { EventDefinition, EventEnvelope } from '@mer/contracts';
import type { Static } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import { runWithCommit } from '../db/postgres-driver.ts';
import { reusableQuery } from '../db/reusable-query.ts';
import type { Logger } from '../logger.ts';
import type { EventBus } from './types.ts';
import '../formats.ts';

/** Events the relay publishes per query. */
const OUTBOX_BATCH = 100;
/** How long events published from memory wait to be marked published, so that one statement marks many. */
const MARK_AFTER_MS = 50;

const checkers = new WeakMap<EventDefinition, TypeCheck<any>>();
/** Validates an envelope against its contract schema; throws naming the first problem. */
export function assertValidEvent(def: EventDefinition, envelope: EventEnvelope): void {
  let check = checkers.get(def);
  if (!check) {
    check = TypeCompiler.Compile(def.envelope);
    checkers.set(def, check);
  }
  if (!check.Check(envelope)) {
    const first = check.Errors(envelope).First();
    throw new Error(
      `Event ${def.subject} breaks its contract at ${first?.path ?? '?'}: ${first?.message ?? ''}`,
    );
  }
}

/** A new event of this definition: fresh id, now, the producer and version its subject names. */
export function newEventEnvelope<E extends EventDefinition>(
  def: E,
  payload: Static<E['payload']>,
): EventEnvelope<Static<E['payload']>> {
  return {
    id: randomUUID(),
    subject: def.subject,
    occurredAt: new Date().toISOString(),
    producer: def.producer,
    version: def.version,
    payload,
  };
}

/**
 * Writes an event into the service's outbox inside the caller's transaction, so the event
 * exists exactly when the change it describes was committed.
 */
export async function addToOutbox<E extends EventDefinition>(
  trx: Transaction<any>,
  def: E,
  payload: Static<E['payload']>,
): Promise<EventEnvelope<Static<E['payload']>>> {
  const envelope = validEnvelope(def, payload);
  await writeToOutbox(trx, [envelope]);
  return envelope;
}

/**
 * Writes many events of one definition into the outbox inside the caller's transaction, in the order given (a
 * fan-out to thousands of members, one event each, in one INSERT per thousand). Every envelope is validated before
 * any is written.
 */
export async function addManyToOutbox<E extends EventDefinition>(
  trx: Transaction<any>,
  def: E,
  payloads: readonly Static<E['payload']>[],
): Promise<EventEnvelope<Static<E['payload']>>[]> {
  const envelopes = payloads.map((payload) => validEnvelope(def, payload));
  await writeToOutbox(trx, envelopes);
  return envelopes;
}

/** A new envelope, checked against its contract (throws naming the first problem). */
export function validEnvelope<E extends EventDefinition>(
  def: E,
  payload: Static<E['payload']>,
): EventEnvelope<Static<E['payload']>> {
  const envelope = newEventEnvelope(def, payload);
  assertValidEvent(def, envelope);
  return envelope;
}

/** Inserts envelopes into the outbox in one statement; their sequence numbers follow the list's order. */
export async function writeToOutbox(
  trx: Transaction<any>,
  envelopes: readonly EventEnvelope[],
): Promise<void> {
  if (envelopes.length === 0) return;
  const rows = envelopes.map((envelope) => ({
    id: envelope.id,
    subject: envelope.subject,
    envelope: JSON.stringify(envelope),
    occurred_at: envelope.occurredAt,
  }));
  const insert = outboxInsert(rows.length);
  if (insert) {
    await insert(
      trx,
      Object.fromEntries(rows.flatMap((row, i) => Object.entries(row).map(([k, v]) => [`${k}${i}`, v]))),
    );
    return;
  }
  // A fan-out (one event per member of a circle) can be thousands: one INSERT per thousand rows.
  for (let i = 0; i < rows.length; i += OUTBOX_INSERT_CHUNK)
    await trx
      .insertInto('outbox')
      .values(rows.slice(i, i + OUTBOX_INSERT_CHUNK))
      .execute();
}

/**
 * Writes a transaction's events into the outbox as its last statement: on PostgreSQL in the same round trip as the
 * COMMIT (runWithCommit; the values as literals), elsewhere as writeToOutbox does. Nothing may read the outbox
 * after it in that transaction.
 */
export async function writeToOutboxAtCommit(
  trx: Transaction<any>,
  schema: string,
  envelopes: readonly EventEnvelope[],
): Promise<void> {
  if (envelopes.length === 0) return;
  const withCommit = await runWithCommit(
    trx,
    ({ literal, identifier }) =>
      `insert into ${identifier(schema)}.outbox (id, subject, envelope, occurred_at) values ` +
      envelopes
        .map(
          (e) =>
            `(${literal(e.id)}::uuid, ${literal(e.subject)}, ${literal(JSON.stringify(e))}::jsonb, ` +
            `${literal(e.occurredAt)}::timestamptz)`,
        )
        .join(', '),
  );
  if (!withCommit) await writeToOutbox(trx, envelopes);
}

/** Rows per INSERT: well under Postgres's 65,535 bind parameters (4 per row). */
const OUTBOX_INSERT_CHUNK = 1000;

/** The outbox insert of a few events (what a request or a handler publishes), built once per count and schema. */
const outboxInserts = new Map<
  number,
  ReturnType<typeof reusableQuery<any, Record<string, unknown>, unknown>>
>();
function outboxInsert(count: number) {
  if (count > 8) return undefined;
  let insert = outboxInserts.get(count);
  if (!insert) {
    insert = reusableQuery((db: Kysely<any>, p: Record<string, unknown>) =>
      db.insertInto('outbox').values(
        Array.from({ length: count }, (_, i) => ({
          id: p[`id${i}`],
          subject: p[`subject${i}`],
          envelope: p[`envelope${i}`],
          occurred_at: p[`occurred_at${i}`],
        })),
      ),
    );
    outboxInserts.set(count, insert);
  }
  return insert;
}

/** The relay's statements, built once per schema. */
const unpublishedQuery = reusableQuery((db: Kysely<any>, _p: Record<string, never>) =>
  db
    .selectFrom('outbox')
    .select(['seq', 'envelope'])
    .where('published_at', 'is', null)
    .orderBy('seq')
    .limit(OUTBOX_BATCH),
);
const markPublishedQuery = reusableQuery((db: Kysely<any>, p: { seqs: number[]; at: Date }) =>
  db
    .updateTable('outbox')
    .set({ published_at: p.at })
    .where('seq', '=', sql<number>`any(${p.seqs}::bigint[])`),
);
const markPublishedByIdQuery = reusableQuery((db: Kysely<any>, p: { ids: string[]; at: Date }) =>
  db
    .updateTable('outbox')
    .set({ published_at: p.at })
    .where('id', '=', sql<string>`any(${p.ids}::uuid[])`),
);

/**
 * Moves committed outbox rows to the bus. Publishing is idempotent (the bus keeps the event id), so a crash after
 * publish and before marking only causes a harmless re-publish, and several replicas relaying at once are harmless.
 *
 * Two ways in. The events a transaction of this process committed are handed over (`handOff`) right after the
 * commit and published from memory, in commit order: no query reads back what was just written (a round trip and
 * a JSON parse per send), and they are marked published shortly after, in one statement for all those published
 * meanwhile. The table is read (`publishBatch`, in sequence order) at start, after `wake()` (a
 * commit whose events were not handed over), after a failure, and every `pollMs` (what another replica or a
 * process that died left behind). A scan skips the rows this relay published and has not marked yet (it never waits
 * for the marks: that held handed-over events up to MARK_AFTER_MS once a second).
 */
export class OutboxRelay {
  private running = false;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  /** The table must be read: at start, after wake(), after a failure, or after a full batch. */
  private scanWanted = true;
  private lastScanAt = 0;
  /** Events committed by this process and handed over, in commit order, not yet published. */
  private committed: EventEnvelope[] = [];
  /** Ids published from memory and not yet marked published, in the next mark statement. */
  private unmarked: string[] = [];
  /** Ids published from memory whose mark has not landed yet (unmarked, and the statement on its way). */
  private readonly awaitingMark = new Set<string>();
  private marking: Promise<void> | null = null;
  /** The last scan read a full batch with something new in it: more may be left. */
  private lastScanFull = false;

  constructor(
    private readonly database: Database,
    private readonly bus: EventBus,
    private readonly logger?: Logger,
    private readonly pollMs = 1000,
    private readonly onPublished?: (count: number) => void,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Called after a commit that wrote events to the outbox without handing them over: read the table now. */
  wake(): void {
    this.scanWanted = true;
    this.wakeUp?.();
  }

  /** Called right after a commit with the events it wrote to the outbox: they are published from memory. */
  handOff(envelopes: readonly EventEnvelope[]): void {
    if (envelopes.length === 0) return;
    this.committed.push(...envelopes);
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      try {
        if (this.scanWanted || Date.now() - this.lastScanAt >= this.pollMs) {
          this.scanWanted = false;
          this.lastScanAt = Date.now();
          await this.publishBatch();
          // A full batch may have left more behind.
          if (this.lastScanFull) this.scanWanted = true;
        } else if (this.committed.length > 0) {
          await this.publishCommitted();
        }
        failures = 0;
      } catch (err) {
        failures++;
        this.scanWanted = true;
        this.logger?.warn({ err, failures }, 'outbox relay could not publish; retrying');
      }
      if (failures === 0 && (this.scanWanted || this.committed.length > 0)) continue;
      const delay = failures ? Math.min(30_000, this.pollMs * 2 ** Math.min(failures, 5)) : this.pollMs;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, delay);
        this.wakeUp = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  /**
   * Publishes the handed-over events, pipelined (publishInOrder). A failure leaves the rest to a
   * scan of the table, which publishes every unpublished row again in sequence order (stored once: dedup by id).
   */
  private async publishCommitted(): Promise<void> {
    const batch = this.committed.splice(0, OUTBOX_BATCH);
    const { done, failure } = await this.publishInOrder(batch);
    if (done.length) {
      this.onPublished?.(done.length);
      this.markLater(done.map((envelope) => envelope.id));
    }
    if (failure) throw failure.reason;
  }

  /**
   * Starts every publish at once, in order, and awaits the acknowledgements together (one round trip per batch
   * rather than per event). Both buses store concurrent publishes in the order they were started. Returns the
   * unbroken prefix that was acknowledged, and the first failure if any: it and everything after it are left to be
   * published again (stored once: dedup by id).
   */
  private async publishInOrder<T>(
    items: readonly T[],
    envelopeOf: (item: T) => EventEnvelope = (item) => item as EventEnvelope,
  ): Promise<{ done: T[]; failure: PromiseRejectedResult | undefined }> {
    const outcomes = await Promise.allSettled(items.map((item) => this.bus.publish(envelopeOf(item))));
    const failedAt = outcomes.findIndex((o) => o.status === 'rejected');
    return failedAt < 0
      ? { done: [...items], failure: undefined }
      : { done: items.slice(0, failedAt), failure: outcomes[failedAt] as PromiseRejectedResult };
  }

  /**
   * Marks published in the background, MARK_AFTER_MS after the first unmarked publish, in one statement for every
   * id published until then: off the path of the next events, and one statement for many sends under load. A crash
   * before the mark, or a failed mark, only means those rows are published again by the next scan (stored once).
   */
  private markLater(ids: readonly string[]): void {
    this.unmarked.push(...ids);
    for (const id of ids) this.awaitingMark.add(id);
    this.marking ??= (async () => {
      try {
        await new Promise((resolve) => setTimeout(resolve, MARK_AFTER_MS));
        while (this.unmarked.length > 0) {
          const marked = this.unmarked.splice(0);
          try {
            await markPublishedByIdQuery(this.database.relayDb, { ids: marked, at: new Date() });
          } catch (err) {
            this.scanWanted = true;
            this.logger?.warn(
              { err },
              'outbox relay could not mark events published; they will be sent again',
            );
          } finally {
            for (const id of marked) this.awaitingMark.delete(id);
          }
        }
      } finally {
        this.marking = null;
      }
    })();
  }

  /** Waits until every event published from memory is marked. */
  private async settleMarks(): Promise<void> {
    while (this.marking) await this.marking;
  }

  /**
   * Publishes up to OUTBOX_BATCH (100) unpublished events of the table (but those this relay published from memory
   * and has not marked yet), in sequence order, pipelined (publishInOrder: on a busy machine a per-event wait made
   * the relay lag behind the writes); returns how many. Only the acknowledged prefix is marked published. So after
   * a failed publish a later event may be stored before an earlier one: consumers already order by their own facts
   * (sequence numbers, membership-facts), never by arrival.
   */
  async publishBatch(): Promise<number> {
    const read = (await unpublishedQuery(this.database.relayDb, {})) as {
      seq: number;
      envelope: EventEnvelope;
    }[];
    // What this relay published from memory is marked soon: not again.
    const rows = read.filter((row) => !this.awaitingMark.has(row.envelope.id));
    this.lastScanFull = read.length === OUTBOX_BATCH && rows.length > 0;
    if (!rows.length) return 0;
    const { done, failure } = await this.publishInOrder(rows, (row) => row.envelope);
    if (done.length) {
      await markPublishedQuery(this.database.relayDb, { seqs: done.map((row) => row.seq), at: new Date() });
      this.onPublished?.(done.length);
      // Handed-over events this scan published need no second publish from memory.
      if (this.committed.length > 0) {
        const published = new Set(done.map((row) => row.envelope.id));
        this.committed = this.committed.filter((envelope) => !published.has(envelope.id));
      }
    }
    if (failure) throw failure.reason;
    return done.length;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    await this.settleMarks();
  }
}
