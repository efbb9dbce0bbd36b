import {
  defineConsumerFor,
  serviceDeps,
  type ServiceContext,
  type ServiceDeps,
  type TxContext,
} from '@mer/service-runtime';
import { photoStorageFromConfig, type PhotoStorage } from '@mer/service-runtime/photo-storage';
import { busHints, type RealtimeHints } from './adapters/realtime-hints.ts';
import type { MessagingConfig } from './config.ts';
import type { MessagingTables } from './db/tables.ts';

export type { MessagingTables } from './db/tables.ts';
export type MessagingContext = ServiceContext<MessagingConfig, MessagingTables>;
/** A transaction as messaging's use cases see it: its tables, events out on commit, work after commit. */
export type MessagingTx = TxContext<MessagingTables>;

/**
 * What messaging's routes, consumers and use cases work with; built once per running service. Adapters (anything
 * that talks to the outside world other than the own database, under src/adapters/) are added here.
 */
export interface MessagingDeps extends ServiceDeps<MessagingConfig, MessagingTables> {
  /** Typing hints to the gateway's /ws. */
  hints: RealtimeHints;
  /** Where message photo files go: local folder or S3 bucket (@mer/service-runtime/photo-storage). */
  photoStorage: PhotoStorage;
}

export function createMessagingDeps(ctx: MessagingContext): MessagingDeps {
  return { ...serviceDeps(ctx), hints: busHints(ctx.bus), photoStorage: photoStorageFromConfig(ctx.config) };
}

/** messaging's handlers get a typed transaction and these deps. */
export const defineConsumer = defineConsumerFor<MessagingDeps, MessagingTables>();
