import {
  defineConsumerFor,
  serviceDeps,
  type ServiceContext,
  type ServiceDeps,
  type TxContext,
} from '@mer/service-runtime';
import type { EventsCirclesConfig } from './config.ts';
import type { EventsCirclesTables } from './db/tables.ts';

export type { EventsCirclesTables } from './db/tables.ts';
export type EventsCirclesContext = ServiceContext<EventsCirclesConfig, EventsCirclesTables>;
/** A transaction as events-circles's use cases see it: its tables, events out on commit, work after commit. */
export type EventsCirclesTx = TxContext<EventsCirclesTables>;

/**
 * What events-circles's routes, consumers and use cases work with; built once per running service. Adapters (anything
 * that talks to the outside world other than the own database, under src/adapters/) are added here.
 */
export interface EventsCirclesDeps extends ServiceDeps<EventsCirclesConfig, EventsCirclesTables> {}

export function createEventsCirclesDeps(ctx: EventsCirclesContext): EventsCirclesDeps {
  return serviceDeps(ctx);
}

/** events-circles's handlers get a typed transaction and these deps. */
export const defineConsumer = defineConsumerFor<EventsCirclesDeps, EventsCirclesTables>();
