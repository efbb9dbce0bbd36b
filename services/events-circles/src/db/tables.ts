import type { Kysely } from 'kysely';

export interface EventsCirclesTables {}

export type EventsCirclesDb = Kysely<EventsCirclesTables>;
