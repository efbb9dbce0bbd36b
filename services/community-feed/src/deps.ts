import {
  defineConsumerFor,
  serviceDeps,
  type ServiceContext,
  type ServiceDeps,
  type TxContext,
} from '@mer/service-runtime';
import type { CommunityFeedConfig } from './config.ts';
import type { CommunityFeedTables } from './db/tables.ts';

export type { CommunityFeedTables } from './db/tables.ts';
export type CommunityFeedContext = ServiceContext<CommunityFeedConfig, CommunityFeedTables>;
/** A transaction as community-feed's use cases see it: its tables, events out on commit, work after commit. */
export type CommunityFeedTx = TxContext<CommunityFeedTables>;

/**
 * What community-feed's routes, consumers and use cases work with; built once per running service. Adapters (anything
 * that talks to the outside world other than the own database, under src/adapters/) are added here.
 */
export interface CommunityFeedDeps extends ServiceDeps<CommunityFeedConfig, CommunityFeedTables> {}

export function createCommunityFeedDeps(ctx: CommunityFeedContext): CommunityFeedDeps {
  return serviceDeps(ctx);
}

/** community-feed's handlers get a typed transaction and these deps. */
export const defineConsumer = defineConsumerFor<CommunityFeedDeps, CommunityFeedTables>();
