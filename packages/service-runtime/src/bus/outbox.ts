import { randomUUID } from 'node:crypto';
import type { EventDefinition, EventEnvelope } from '@mer/contracts';
import type { Static } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { EventBus } from './types.ts';
import '../formats.ts';

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
  const envelope = newEventEnvelope(def, payload);
  assertValidEvent(def, envelope);
  await trx
    .insertInto('outbox')
    .values({
      id: envelope.id,
      subject: envelope.subject,
      envelope: JSON.stringify(envelope),
      occurred_at: envelope.occurredAt,
    })
    .execute();
  return envelope;
}

/** Rows per INSERT: well under Postgres's 65,535 bind parameters (4 per row). */
const OUTBOX_INSERT_CHUNK = 1000;

/**
 * Writes many events of one definition into the outbox inside the caller's transaction, in the order given, with
 * one multi-row INSERT per thousand events (a fan-out to thousands of members, one event each, would otherwise pay
 * a round trip per event). Every envelope is validated before any is written.
 */
export async function addManyToOutbox<E extends EventDefinition>(
  trx: Transaction<any>,
  def: E,
  payloads: readonly Static<E['payload']>[],
): Promise<EventEnvelope<Static<E['payload']>>[]> {
  const envelopes = payloads.map((payload) => newEventEnvelope(def, payload));
  for (const envelope of envelopes) assertValidEvent(def, envelope);
  for (let i = 0; i < envelopes.length; i += OUTBOX_INSERT_CHUNK) {
    await trx
      .insertInto('outbox')
      .values(
        envelopes.slice(i, i + OUTBOX_INSERT_CHUNK).map((envelope) => ({
          id: envelope.id,
          subject: envelope.subject,
          envelope: JSON.stringify(envelope),
          occurred_at: envelope.occurredAt,
        })),
      )
      .execute();
  }
  return envelopes;
}

/**
 * Moves committed outbox rows to the bus in order. Publishing is idempotent (the bus keeps the
 * event id), so a crash after publish and before marking only causes a harmless re-publish,
 * and several replicas relaying at once keep the order: each publishes in sequence order.
 */
export class OutboxRelay {
  private running = false;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private pending = false;

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

  /** Called after a commit that wrote to the outbox: publish now rather than at the next poll. */
  wake(): void {
    this.pending = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      this.pending = false;
      try {
        const published = await this.publishBatch();
        failures = 0;
        if (published > 0) continue;
      } catch (err) {
        failures++;
        this.logger?.warn({ err, failures }, 'outbox relay could not publish; retrying');
      }
      if (this.pending) continue;
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
   * Publishes up to 100 unpublished events; returns how many. The batch is pipelined: every publish is started at
   * once, in sequence order, and the acknowledgements are awaited together (one round trip per batch rather than
   * per event: on a busy machine the per-event wait made the relay lag behind the writes). Both buses store
   * concurrent publishes in the order they were started. Only the unbroken prefix of acknowledged events is marked
   * published; a failed one and everything after it are published again next time (stored once: dedup by id). So
   * after a failed publish a later event may be stored before an earlier one: consumers already order by their
   * own facts (sequence numbers, membership-facts), never by arrival.
   */
  async publishBatch(): Promise<number> {
    const rows = await this.database.db
      .selectFrom('outbox')
      .select(['seq', 'envelope'])
      .where('published_at', 'is', null)
      .orderBy('seq')
      .limit(100)
      .execute();
    if (!rows.length) return 0;
    const outcomes = await Promise.allSettled(
      rows.map((row) => this.bus.publish(row.envelope as EventEnvelope)),
    );
    const failedAt = outcomes.findIndex((o) => o.status === 'rejected');
    const done = (failedAt < 0 ? rows : rows.slice(0, failedAt)).map((row) => row.seq as number);
    if (done.length) {
      await this.database.db
        .updateTable('outbox')
        .set({ published_at: new Date() })
        .where('seq', 'in', done)
        .execute();
      this.onPublished?.(done.length);
    }
    if (failedAt >= 0) throw (outcomes[failedAt] as PromiseRejectedResult).reason;
    return done.length;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }
}
