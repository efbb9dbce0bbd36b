import {
  defineConsumerFor,
  serviceDeps,
  type ServiceContext,
  type ServiceDeps,
  type TxContext,
} from '@mer/service-runtime';
import type { StencilDemoConfig } from './config.ts';
import type { StencilDemoTables } from './db/tables.ts';

export type { StencilDemoTables } from './db/tables.ts';
export type StencilDemoContext = ServiceContext<StencilDemoConfig, StencilDemoTables>;
/** A transaction as stencil-demo's use cases see it: its tables, events out on commit, work after commit. */
export type StencilDemoTx = TxContext<StencilDemoTables>;

/**
 * What stencil-demo's routes, consumers and use cases work with; built once per running service. Adapters (anything
 * that talks to the outside world other than the own database, under src/adapters/) are added here.
 */
export interface StencilDemoDeps extends ServiceDeps<StencilDemoConfig, StencilDemoTables> {}

export function createStencilDemoDeps(ctx: StencilDemoContext): StencilDemoDeps {
  return serviceDeps(ctx);
}

/** stencil-demo's handlers get a typed transaction and these deps. */
export const defineConsumer = defineConsumerFor<StencilDemoDeps, StencilDemoTables>();
