import {
  defineConsumerFor,
  serviceDeps,
  type EventBus,
  type KeyValueStore,
  type ServiceContext,
  type ServiceDeps,
  type TxContext,
} from '@mer/service-runtime';
import type { AdminConfig } from './config.ts';
import type { AdminTables } from './db/tables.ts';

export type { AdminTables } from './db/tables.ts';
export type AdminContext = ServiceContext<AdminConfig, AdminTables>;
/** A transaction as admin's use cases see it: its tables, events out on commit, work after commit. */
export type AdminTx = TxContext<AdminTables>;

/** What admin's routes, consumers and use cases work with; built once per running service. */
export interface AdminDeps extends ServiceDeps<AdminConfig, AdminTables> {
  /** Counters for the browser security log's per-session rate limit (memory or Redis). */
  store: KeyValueStore;
  /** The bus, for its consumers' lag in the full diagnostics (read only: events go out through the outbox). */
  bus: Pick<EventBus, 'kind' | 'consumerLag'>;
}

export function createAdminDeps(ctx: AdminContext): AdminDeps {
  return { ...serviceDeps(ctx), store: ctx.store, bus: ctx.bus };
}

/** admin's handlers get a typed transaction and these deps. */
export const defineConsumer = defineConsumerFor<AdminDeps, AdminTables>();
