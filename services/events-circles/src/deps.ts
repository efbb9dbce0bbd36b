import {
  defineConsumerFor,
  serviceDeps,
  type ServiceContext,
  type ServiceDeps,
  type TxContext,
} from '@mer/service-runtime';
import { photoStorageFromConfig, type PhotoStorage } from '@mer/service-runtime/photo-storage';
import type { EventsCirclesConfig } from './config.ts';
import type { EventsCirclesTables } from './db/tables.ts';

export type { EventsCirclesTables } from './db/tables.ts';
export type EventsCirclesContext = ServiceContext<EventsCirclesConfig, EventsCirclesTables>;
/** A transaction as events-circles's use cases see it: its tables, events out on commit, work after commit. */
export type EventsCirclesTx = TxContext<EventsCirclesTables>;

/** What time it is for the service's rules. Tests move it (reminders due, events past) without waiting. */
export interface Clock {
  now(): Date;
}

/**
 * What events-circles's routes, consumers and use cases work with; built once per running service.
 */
export interface EventsCirclesDeps extends ServiceDeps<EventsCirclesConfig, EventsCirclesTables> {
  /** Where cover images go: local folder or S3 bucket (@mer/service-runtime/photo-storage). */
  photoStorage: PhotoStorage;
  clock: Clock;
}

export function createEventsCirclesDeps(ctx: EventsCirclesContext): EventsCirclesDeps {
  return {
    ...serviceDeps(ctx),
    photoStorage: photoStorageFromConfig(ctx.config),
    clock: { now: () => new Date() },
  };
}

/** events-circles's handlers get a typed transaction and these deps. */
export const defineConsumer = defineConsumerFor<EventsCirclesDeps, EventsCirclesTables>();
