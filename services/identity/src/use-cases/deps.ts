import type { Static } from '@sinclair/typebox';
import type { KeyValueStore, Logger, ServiceContext, TxContext, BaseConfig } from '@mer/service-runtime';
import type { IdentityConfig, IdentityConfigSchema } from '../config.ts';
import type { IdentityDb } from '../db/tables.ts';
import type { AccessTokens } from '../security/access-tokens.ts';
import { LoginThrottle } from '../security/login-throttle.ts';

/** A transaction as use cases see it: identity's tables, and events that go out on commit. */
export interface Tx {
  db: IdentityDb;
  publish: TxContext['publish'];
}

/** What identity's use cases run with. Built once per running service. */
export interface Deps {
  config: IdentityConfig;
  log: Logger;
  db: IdentityDb;
  store: KeyValueStore;
  tokens: AccessTokens;
  throttle: LoginThrottle;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export type IdentityServiceContext = ServiceContext<Static<typeof IdentityConfigSchema> & BaseConfig>;

/** The parts of Deps that need no signing keys (the start hook, the operator CLI). */
export type DataDeps = Pick<Deps, 'config' | 'log' | 'db' | 'transaction'>;

export function dataDeps(ctx: IdentityServiceContext): DataDeps {
  return {
    config: ctx.config,
    log: ctx.log,
    db: ctx.db as IdentityDb,
    transaction: (fn) =>
      ctx.transaction((tx) => fn({ db: tx.trx as unknown as IdentityDb, publish: tx.publish })),
  };
}

export function createDeps(ctx: IdentityServiceContext, tokens: AccessTokens): Deps {
  const { config } = ctx;
  return {
    ...dataDeps(ctx),
    store: ctx.store,
    tokens,
    throttle: new LoginThrottle(ctx.store, {
      account: {
        maxFailures: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        windowMs: config.LOGIN_ACCOUNT_WINDOW_SECONDS * 1000,
      },
      ip: { maxFailures: config.LOGIN_MAX_FAILURES_PER_IP, windowMs: config.LOGIN_IP_WINDOW_SECONDS * 1000 },
    }),
  };
}

/** A one-time link back to the site; the token sits in the fragment so it never reaches server logs. */
export function siteLink(config: Pick<IdentityConfig, 'PUBLIC_URL'>, page: string, token: string): string {
  return `${config.PUBLIC_URL.replace(/\/+$/, '')}/${page}#token=${token}`;
}
