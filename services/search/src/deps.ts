import {
  defineConsumerFor,
  serviceDeps,
  type EventBus,
  type Database,
  type Logger,
  type ServiceContext,
  type ServiceDeps,
  type TxContext,
} from '@mer/service-runtime';
import type { SearchConfig } from './config.ts';
import type { SearchTables } from './db/tables.ts';
import { createPostgresSearchEngine } from './db/postgres-search-engine.repository.ts';
import type { SearchEngine } from './domain/search-engine.ts';

export type { SearchTables } from './db/tables.ts';
export type SearchContext = ServiceContext<SearchConfig, SearchTables>;
/** A transaction as search's use cases see it: its tables, events out on commit, work after commit. */
export type SearchTx = TxContext<SearchTables>;

/**
 * What search's routes, consumers and use cases work with; built once per running service. `engine` finds
 * candidates (PostgreSQL here; another engine can implement the same interface). `replay` is what a rebuild needs
 * to replay the streams: the bus and the database the runtime's consumers use.
 */
export interface SearchDeps extends ServiceDeps<SearchConfig, SearchTables> {
  engine: SearchEngine;
  replay: { bus: EventBus; database: Database; log: Logger; service: string };
}

export function createSearchDeps(ctx: SearchContext): SearchDeps {
  return {
    ...serviceDeps(ctx),
    engine: createPostgresSearchEngine(ctx.db, ctx.database.schema),
    replay: { bus: ctx.bus, database: ctx.database, log: ctx.log, service: ctx.name },
  };
}

/** search's handlers get a typed transaction and these deps. */
export const defineConsumer = defineConsumerFor<SearchDeps, SearchTables>();
