import {
  defineConsumerFor,
  type KeyValueStore,
  serviceDeps,
  type ServiceDeps,
  type ServiceContext,
  type TxContext,
} from '@mer/service-runtime';
import type { IdentityConfig } from './config.ts';
import type { IdentityTables } from './db/tables.ts';
import { AccessTokens } from './adapters/access-tokens.ts';
import { LoginThrottle } from './adapters/login-throttle.ts';
import { PasswordHasher } from './adapters/passwords.ts';

export type { IdentityTables };
export type IdentityContext = ServiceContext<IdentityConfig, IdentityTables>;
/** A transaction as use cases see it: identity's tables, events that go out on commit. */
export type IdentityTx = TxContext<IdentityTables>;

/** What identity's routes, use cases and start hook run with. Built once per running service. */
export interface IdentityDeps extends ServiceDeps<IdentityConfig, IdentityTables> {
  store: KeyValueStore;
  /** Signs access tokens and publishes (and looks up) the public keys. */
  tokens: AccessTokens;
  throttle: LoginThrottle;
  /** argon2id on worker threads; closed when the service stops. */
  passwords: PasswordHasher;
}

/**
 * Builds identity's deps: opens the signing keys (creating the first key pair on the very first
 * start; replicas starting together agree on one), the login throttle and the password hasher.
 */
export async function createIdentityDeps(ctx: IdentityContext): Promise<IdentityDeps> {
  const { config } = ctx;
  return {
    ...serviceDeps(ctx),
    store: ctx.store,
    tokens: await AccessTokens.open(ctx.db, config.ACCESS_TOKEN_TTL_SECONDS),
    throttle: new LoginThrottle(ctx.store, {
      account: {
        maxFailures: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        windowMs: config.LOGIN_ACCOUNT_WINDOW_SECONDS * 1000,
      },
      ip: { maxFailures: config.LOGIN_MAX_FAILURES_PER_IP, windowMs: config.LOGIN_IP_WINDOW_SECONDS * 1000 },
    }),
    passwords: new PasswordHasher(),
  };
}

/** identity's `defineConsumer`: handlers get its typed transaction and deps. */
export const defineConsumer = defineConsumerFor<IdentityDeps, IdentityTables>();
