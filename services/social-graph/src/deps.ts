import {
  defineConsumerFor,
  serviceDeps,
  type ServiceContext,
  type ServiceDeps,
  type TxContext,
} from '@mer/service-runtime';
import type { SocialGraphConfig } from './config.ts';
import type { SocialGraphTables } from './db/tables.ts';

export type { SocialGraphTables } from './db/tables.ts';
export type SocialGraphContext = ServiceContext<SocialGraphConfig, SocialGraphTables>;
/** A transaction as social-graph's use cases see it: its tables, events out on commit, work after commit. */
export type SocialGraphTx = TxContext<SocialGraphTables>;

/**
 * What social-graph's routes, consumers and use cases work with; built once per running service. Adapters (anything
 * that talks to the outside world other than the own database, under src/adapters/) are added here.
 */
export interface SocialGraphDeps extends ServiceDeps<SocialGraphConfig, SocialGraphTables> {}

export function createSocialGraphDeps(ctx: SocialGraphContext): SocialGraphDeps {
  return serviceDeps(ctx);
}

/** social-graph's handlers get a typed transaction and these deps. */
export const defineConsumer = defineConsumerFor<SocialGraphDeps, SocialGraphTables>();
