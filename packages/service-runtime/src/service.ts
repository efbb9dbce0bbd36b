import type { FastifyInstance } from 'fastify';
import type { EventDefinition, EventEnvelope } from '@mer/contracts';
import type { Static, TObject, TProperties } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import { BaseConfigSchema, loadConfig, type BaseConfig } from './config.ts';
import type { Database, DatabaseProvider } from './db/database.ts';
import { migrate, readMigrations } from './db/migrate.ts';
import { OutboxRelay } from './bus/outbox.ts';
import {
  openTx,
  startConsumer,
  type ConsumerDefinition,
  type OpenTx,
  type TxContext,
} from './bus/consumer.ts';
import type { EventBus, Subscription } from './bus/types.ts';
import type { KeyValueStore } from './cache.ts';
import { createTokenVerifier, type TokenVerifier } from './auth.ts';
import type { Logger } from './logger.ts';
import { createServiceMetrics, type ServiceMetrics } from './metrics.ts';
import { buildHttpApp } from './http/app.ts';

/**
 * What a running service is built from: its validated config, its own schema typed with its tables (DB), the bus,
 * the key-value store, the token verifier and its metrics. `deps(ctx)` turns it into what routes, consumers and
 * the start hook work with.
 */
export interface ServiceContext<C = BaseConfig, DB = unknown> {
  name: string;
  config: C;
  log: Logger;
  database: Database;
  db: Kysely<DB>;
  bus: EventBus;
  store: KeyValueStore;
  verifier: TokenVerifier;
  metrics: ServiceMetrics;
  /** Runs fn in a transaction; events it publishes go out through the outbox after commit. */
  transaction<T>(fn: (tx: TxContext<DB>) => Promise<T>): Promise<T>;
}

/** What every service's deps start with: its config, logger, typed database handle and transactions. */
export interface ServiceDeps<C, DB> {
  config: C;
  log: Logger;
  db: Kysely<DB>;
  transaction: ServiceContext<C, DB>['transaction'];
}

/** The common part of a service's deps, taken from its context; `create<X>Deps` adds the service's adapters. */
export function serviceDeps<C, DB>(ctx: ServiceContext<C, DB>): ServiceDeps<C, DB> {
  return { config: ctx.config, log: ctx.log, db: ctx.db, transaction: (fn) => ctx.transaction(fn) };
}

/** A service's config type: the base settings plus those of its own schema. */
export type ServiceConfig<P extends TProperties> = Static<TObject<P>> & BaseConfig;

/**
 * A service, one shape for all: config schema, migrations, a `deps(ctx)` factory, consumers (one file each under
 * src/events/handlers/), routes and an optional start hook. Routes, consumers and the start hook all receive what
 * `deps` returned; without `deps` they receive the context itself (tiny test services).
 */
export interface ServiceDefinition<
  P extends TProperties = TProperties,
  DB = unknown,
  D = ServiceContext<ServiceConfig<P>, DB>,
> {
  /** The service name: the path segment under /api/v1/ and the first token of its subjects. */
  name: string;
  /** Service-specific env settings, added to the base ones. */
  config?: TObject<P>;
  /** Folder of numbered SQL migrations. */
  migrationsDir?: string;
  /** Request body limit in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Builds the service's dependencies once, after migrations: repositories' handle, adapters, settings. */
  deps?(ctx: ServiceContext<ServiceConfig<P>, DB>): D | Promise<D>;
  consumers?: ConsumerDefinition<any, D, any>[];
  routes(app: FastifyInstance, deps: D): void | Promise<void>;
  /** After routes, before consumers and serving: seed data, start background work. May return its stop. */
  start?(deps: D): Promise<void | (() => Promise<void>)>;
}

export function defineService<P extends TProperties, DB = unknown, D = ServiceContext<ServiceConfig<P>, DB>>(
  def: ServiceDefinition<P, DB, D>,
): ServiceDefinition<P, DB, D> {
  return def;
}

/** Postgres schema of a service: its name with underscores. */
export function schemaName(service: string): string {
  return service.replace(/-/g, '_');
}

export interface ServiceInfra {
  databases: DatabaseProvider;
  bus: EventBus;
  store: KeyValueStore;
  logger: Logger;
  env?: Record<string, string | undefined>;
  /** Overrides the schema (tests run several copies side by side). */
  schema?: string;
  verifier?: TokenVerifier;
}

export interface RunningService<C = BaseConfig, DB = unknown, D = unknown> {
  name: string;
  url: string;
  app: FastifyInstance;
  context: ServiceContext<C, DB>;
  /** What the definition's `deps(ctx)` built (the context itself without one). */
  deps: D;
  stop(): Promise<void>;
}

/**
 * Starts a service on the given infrastructure: validates config, migrates its schema, starts
 * the outbox relay and its consumers, then listens. The same code runs in both topologies.
 */
export async function startService<P extends TProperties, DB, D>(
  def: ServiceDefinition<P, DB, D>,
  infra: ServiceInfra,
): Promise<RunningService<ServiceConfig<P>, DB, D>> {
  const schema = def.config
    ? ({
        ...BaseConfigSchema,
        properties: { ...BaseConfigSchema.properties, ...def.config.properties },
      } as TObject)
    : BaseConfigSchema;
  const config = loadConfig(schema, infra.env ?? process.env) as ServiceConfig<P>;
  const log = infra.logger.child({ service: def.name });
  const database = infra.databases.forSchema(infra.schema ?? schemaName(def.name));
  const metrics = createServiceMetrics(def.name);
  const applied = await migrate(database, def.migrationsDir ? await readMigrations(def.migrationsDir) : []);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const relay = new OutboxRelay(database, infra.bus, log, 1000, (n) => metrics.eventsPublished.inc(n));
  const verifier = infra.verifier ?? createTokenVerifier({ jwksUrl: config.JWKS_URL });
  const context: ServiceContext<ServiceConfig<P>, DB> = {
    name: def.name,
    config,
    log,
    database,
    // The one place the schema's handle gets its service's table types.
    db: database.db as Kysely<DB>,
    bus: infra.bus,
    store: infra.store,
    verifier,
    metrics,
    async transaction(fn) {
      let open: OpenTx<DB> | undefined;
      let published: EventEnvelope[] = [];
      const result = await database.db.transaction().execute(async (trx) => {
        open = openTx<DB>(trx, database.schema);
        const value = await fn(open.tx);
        published = await open.flush();
        return value;
      });
      open?.committed(log);
      relay.handOff(published);
      return result;
    },
  };

  const app = buildHttpApp({
    name: def.name,
    logger: log,
    metrics,
    verifier,
    ...(config.OPERATOR_KEY ? { operatorKey: config.OPERATOR_KEY } : {}),
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    ready: async () => {
      await database.db.selectFrom('schema_migrations').select('name').limit(1).execute();
      return true;
    },
  });
  const deps = def.deps ? await def.deps(context) : (context as D);
  await def.routes(app, deps);
  const stopExtra = def.start ? await def.start(deps) : undefined;

  relay.start();
  const subscriptions: Subscription[] = [];
  for (const consumer of def.consumers ?? []) {
    subscriptions.push(
      await startConsumer({
        service: def.name,
        database,
        bus: infra.bus,
        consumer,
        deps,
        logger: log,
        afterCommit: (published) => relay.handOff(published),
        onHandled: (subject, outcome) => metrics.eventsConsumed.inc({ subject, outcome }),
      }),
    );
  }

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const url = address.replace('[::1]', '127.0.0.1');
  log.info({ url }, `${def.name} listening`);

  let stopped = false;
  return {
    name: def.name,
    url,
    app,
    context,
    deps,
    async stop() {
      if (stopped) return;
      stopped = true;
      app.setReady(false);
      // Requests in flight get a grace period to finish. A connection still open after it (a client that left
      // a refused body unsent, or sent half a request) is closed, so stopping never waits for the HTTP
      // server's own time-outs (60 s for headers).
      const forceClose = setTimeout(() => app.server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(forceClose);
      }
      await Promise.all(subscriptions.map((s) => s.stop()));
      if (stopExtra) await stopExtra();
      await relay.stop();
      await database.close();
    },
  };
}

/** Sends one event through the outbox outside a request (seeds, CLI). */
export async function publishEvent<E extends EventDefinition>(
  ctx: Pick<ServiceContext<unknown, unknown>, 'transaction'>,
  def: E,
  payload: Static<E['payload']>,
): Promise<EventEnvelope> {
  return ctx.transaction((tx) => tx.publish(def, payload));
}
