import type { EventDefinition, EventEnvelope } from '@mer/contracts';
import type { Static } from '@sinclair/typebox';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import { memberErasure, type MemberErasure } from '../db/member-erasure.ts';
import type { Logger } from '../logger.ts';
import { assertValidEvent, validEnvelope, writeToOutboxAtCommit } from './outbox.ts';
import type { EventBus, Subscription } from './types.ts';

/**
 * What code inside a transaction gets: the transaction, typed with the service's tables; a way to emit events in it
 * (they go out through the outbox after commit); work to run only once it committed (network calls never hold a
 * transaction open); and the member-erasure primitive.
 */
export interface TxContext<DB = unknown> {
  trx: Transaction<DB>;
  publish<E extends EventDefinition>(def: E, payload: Static<E['payload']>): Promise<EventEnvelope>;
  /** Many events of one definition, in order, written with multi-row INSERTs (a fan-out to many members). */
  publishMany<E extends EventDefinition>(
    def: E,
    payloads: readonly Static<E['payload']>[],
  ): Promise<EventEnvelope[]>;
  /** Runs after the transaction committed (not at all if it rolls back). A failure is logged, never thrown. */
  afterCommit(work: () => Promise<unknown> | unknown): void;
  members: MemberErasure;
}

/** A transaction context plus the events and the work it queued for the commit. */
export interface OpenTx<DB> {
  tx: TxContext<DB>;
  /**
   * Writes the events published in the transaction to the outbox; the last statement, sent with the commit where the
   * engine allows it (writeToOutboxAtCommit). Returns
   * them, for the relay to publish once the transaction committed (OutboxRelay.handOff).
   */
  flush(): Promise<EventEnvelope[]>;
  committed(log: Logger): void;
}

/**
 * Events published in a transaction are checked against their contract at once and written to the outbox together,
 * in one statement, sent with the commit on PostgreSQL (a send publishes two or three: no round trip of their own).
 * They keep the order they were published in; nothing reads the outbox inside the transaction that writes it.
 */
export function openTx<DB>(trx: Transaction<any>, schema: string): OpenTx<DB> {
  const afterCommit: (() => Promise<unknown> | unknown)[] = [];
  let published: EventEnvelope[] = [];
  return {
    tx: {
      trx: trx as Transaction<DB>,
      publish: async (def, payload) => {
        const envelope = validEnvelope(def, payload);
        published.push(envelope);
        return envelope;
      },
      publishMany: async (def, payloads) => {
        // Every envelope is checked before any is kept; all are written with the others at commit.
        const envelopes = payloads.map((payload) => validEnvelope(def, payload));
        published.push(...envelopes);
        return envelopes;
      },
      afterCommit: (work) => void afterCommit.push(work),
      members: memberErasure(trx, schema),
    },
    async flush() {
      const envelopes = published;
      published = [];
      await writeToOutboxAtCommit(trx, schema, envelopes);
      return envelopes;
    },
    committed(log) {
      for (const work of afterCommit) {
        Promise.resolve()
          .then(work)
          .catch((err: unknown) => log.error({ err }, 'work after commit failed'));
      }
    },
  };
}

/**
 * One consumed subject: one file under src/events/handlers/, with a stable name. The handler gets the event, the
 * transaction its changes go into, and the service's deps (what `deps(ctx)` built).
 */
export interface ConsumerDefinition<E extends EventDefinition = EventDefinition, D = unknown, DB = unknown> {
  /** Stable handler name; the durable consumer is `<service>-<name>`. */
  name: string;
  event: E;
  /** Handle in publish order (default true). */
  ordered?: boolean;
  /** How long a delivery may stay unacknowledged before the bus gives it again (default 30 s). */
  ackWaitMs?: number;
  /**
   * The member the event is about. The runtime then holds that member's lock while handling it and drops the event
   * when the member was erased here (a late event must not bring a deleted member's data back).
   */
  member?(event: EventEnvelope<Static<E['payload']>>): string;
  /**
   * This consumer erases the member (`member` names them): the runtime locks them, runs the handler and records
   * the tombstone in the same transaction.
   */
  erasesMember?: boolean;
  handle(event: EventEnvelope<Static<E['payload']>>, tx: TxContext<DB>, deps: D): Promise<void>;
}

export function defineConsumer<E extends EventDefinition, D = unknown, DB = unknown>(
  def: ConsumerDefinition<E, D, DB>,
): ConsumerDefinition<E, D, DB> {
  if (def.erasesMember && !def.member) throw new Error(`consumer ${def.name}: erasesMember needs member()`);
  return def;
}

/**
 * A service's own `defineConsumer`, typed with its deps and tables once (in its src/deps.ts), so that every handler
 * file gets a typed transaction and deps without repeating the types.
 */
export function defineConsumerFor<D, DB>() {
  return <E extends EventDefinition>(def: ConsumerDefinition<E, D, DB>): ConsumerDefinition<E, D, DB> =>
    defineConsumer(def);
}

/**
 * Subscribes a handler so that each event changes the service's data exactly once: the event id
 * is recorded in processed_events in the same transaction as the handler's changes, and a
 * redelivered event whose id is already there is acknowledged without running the handler again.
 */
export async function startConsumer<D>(opts: {
  service: string;
  database: Database;
  bus: EventBus;
  consumer: ConsumerDefinition<any, D, any>;
  deps: D;
  logger: Logger;
  /** After a handler's transaction committed, with the events it wrote to the outbox. */
  afterCommit?: (published: readonly EventEnvelope[]) => void;
  onHandled?: (subject: string, outcome: 'handled' | 'duplicate' | 'rejected' | 'erased-member') => void;
}): Promise<Subscription> {
  const { consumer, database, logger } = opts;
  const durable = `${opts.service}-${consumer.name}`;
  return opts.bus.subscribe({
    durable,
    subject: consumer.event.subject,
    ordered: consumer.ordered ?? true,
    ...(consumer.ackWaitMs ? { ackWaitMs: consumer.ackWaitMs } : {}),
    handler: async (event) => {
      try {
        assertValidEvent(consumer.event, event);
      } catch (err) {
        // A message that breaks its contract can never succeed: log it and move on.
        logger.error({ err, eventId: event.id, durable }, 'event rejected by its contract');
        opts.onHandled?.(consumer.event.subject, 'rejected');
        return;
      }
      let open: OpenTx<unknown> | undefined;
      let published: EventEnvelope[] = [];
      const outcome = await database.db.transaction().execute(async (trx) => {
        const fresh = await trx
          .insertInto('processed_events')
          .values({ consumer: durable, event_id: event.id })
          .onConflict((oc) => oc.columns(['consumer', 'event_id']).doNothing())
          .returning('event_id')
          .executeTakeFirst();
        if (!fresh) return 'duplicate' as const;
        open = openTx(trx, database.schema);
        const memberId = consumer.member?.(event as EventEnvelope<any>);
        if (memberId !== undefined) {
          await open.tx.members.lock(memberId);
          if (!consumer.erasesMember && (await open.tx.members.isErased(memberId)))
            return 'erased-member' as const;
        }
        await consumer.handle(event as EventEnvelope<any>, open.tx, opts.deps);
        if (consumer.erasesMember && memberId !== undefined) await open.tx.members.markErased(memberId);
        published = await open.flush();
        return 'handled' as const;
      });
      opts.onHandled?.(consumer.event.subject, outcome);
      if (outcome === 'erased-member')
        logger.info({ eventId: event.id, durable }, 'event about an erased member ignored');
      if (outcome !== 'duplicate') {
        open?.committed(logger);
        opts.afterCommit?.(published);
      }
    },
  });
}
