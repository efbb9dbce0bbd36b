import type { EventDefinition, EventEnvelope } from '@mer/contracts';
import type { Static } from '@sinclair/typebox';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { addToOutbox, assertValidEvent } from './outbox.ts';
import type { EventBus, Subscription } from './types.ts';

/** What a handler gets: the transaction its changes go into, and a way to emit events in it. */
export interface TxContext {
  trx: Transaction<any>;
  publish<E extends EventDefinition>(def: E, payload: Static<E['payload']>): Promise<EventEnvelope>;
}

export function txContext(trx: Transaction<any>): TxContext {
  return { trx, publish: (def, payload) => addToOutbox(trx, def, payload) };
}

/** One consumed subject: one file under src/events/handlers/, with a stable name. */
export interface ConsumerDefinition<E extends EventDefinition = EventDefinition> {
  /** Stable handler name; the durable consumer is `<service>-<name>`. */
  name: string;
  event: E;
  /** Handle in publish order (default true). */
  ordered?: boolean;
  /** How long a delivery may stay unacknowledged before the bus gives it again (default 30 s). */
  ackWaitMs?: number;
  handle(event: EventEnvelope<Static<E['payload']>>, tx: TxContext): Promise<void>;
}

export function defineConsumer<E extends EventDefinition>(def: ConsumerDefinition<E>): ConsumerDefinition<E> {
  return def;
}

/**
 * Subscribes a handler so that each event changes the service's data exactly once: the event id
 * is recorded in processed_events in the same transaction as the handler's changes, and a
 * redelivered event whose id is already there is acknowledged without running the handler again.
 */
export async function startConsumer(opts: {
  service: string;
  database: Database;
  bus: EventBus;
  consumer: ConsumerDefinition<any>;
  logger: Logger;
  afterCommit?: () => void;
  onHandled?: (subject: string, outcome: 'handled' | 'duplicate' | 'rejected') => void;
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
      const handled = await database.db.transaction().execute(async (trx) => {
        const fresh = await trx
          .insertInto('processed_events')
          .values({ consumer: durable, event_id: event.id })
          .onConflict((oc) => oc.columns(['consumer', 'event_id']).doNothing())
          .returning('event_id')
          .executeTakeFirst();
        if (!fresh) return false;
        await consumer.handle(event as EventEnvelope<any>, txContext(trx));
        return true;
      });
      opts.onHandled?.(consumer.event.subject, handled ? 'handled' : 'duplicate');
      if (handled) opts.afterCommit?.();
    },
  });
}
