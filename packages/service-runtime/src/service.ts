import type { FastifyInstance } from 'fastify';
import type { EventDefinition, EventEnvelope } from '@mer/contracts';
import type { Static, TObject, TProperties } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import { BaseConfigSchema, loadConfig, type BaseConfig } from './config.ts';
import type { Database, DatabaseProvider } from './db/database.ts';
import { migrate, readMigrations } from './db/migrate.ts';
import { OutboxRelay } from './bus/outbox.ts';
import { startConsumer, txContext, type ConsumerDefinition, type TxContext } from './bus/consumer.ts';
import type { EventBus, Subscription } from './bus/types.ts';
import type { KeyValueStore } from './cache.ts';
import { createTokenVerifier, type TokenVerifier } from './auth.ts';
import type { Logger } from './logger.ts';
import { createServiceMetrics, type ServiceMetrics } from './metrics.ts';
import { buildHttpApp } from './http/app.ts';

export interface ServiceContext<C = BaseConfig> {
  name: string;
  config: C;
  log: Logger;
  database: Database;
  db: Kysely<any>;
  bus: EventBus;
  store: KeyValueStore;
  verifier: TokenVerifier;
  metrics: ServiceMetrics;
  /** Runs fn in a transaction; events it publishes go out through the outbox after commit. */
  transaction<T>(fn: (tx: TxContext) => Promise<T>): Promise<T>;
}

export interface ServiceDefinition<P extends TProperties = TProperties> {
  /** The service name: the path segment under /api/v1/ and the first token of its subjects. */
  name: string;
  /** Service-specific env settings, added to the base ones. */
  config?: TObject<P>;
  /** Folder of numbered SQL migrations. */
  migrationsDir?: string;
  consumers?: ConsumerDefinition<any>[];
  /** Request body limit in bytes (default 1 MiB). */
  bodyLimit?: number;
  routes(app: FastifyInstance, ctx: ServiceContext<Static<TObject<P>> & BaseConfig>): void | Promise<void>;
  /** After migrations, before serving: seed data, start background work. May return its stop. */
  start?(ctx: ServiceContext<Static<TObject<P>> & BaseConfig>): Promise<void | (() => Promise<void>)>;
}

export function defineService<P extends TProperties>(def: ServiceDefinition<P>): ServiceDefinition<P> {
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

export interface RunningService<C = BaseConfig> {
  name: string;
  url: string;
  app: FastifyInstance;
  context: ServiceContext<C>;
  stop(): Promise<void>;
}

/**
 * Starts a service on the given infrastructure: validates config, migrates its schema, starts
 * the outbox relay and its consumers, then listens. The same code runs in both topologies.
 */
export async function startService<P extends TProperties>(
  def: ServiceDefinition<P>,
  infra: ServiceInfra,
): Promise<RunningService<Static<TObject<P>> & BaseConfig>> {
  const schema = def.config ? ({ ...BaseConfigSchema, properties: { ...BaseConfigSchema.properties, ...def.config.properties } } as TObject) : BaseConfigSchema;
  const config = loadConfig(schema, infra.env ?? process.env) as Static<TObject<P>> & BaseConfig;
  const log = infra.logger.child({ service: def.name });
  const database = infra.databases.forSchema(infra.schema ?? schemaName(def.name));
  const metrics = createServiceMetrics(def.name);
  const applied = await migrate(database, def.migrationsDir ? await readMigrations(def.migrationsDir) : []);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const relay = new OutboxRelay(database, infra.bus, log, 1000, (n) => metrics.eventsPublished.inc(n));
  const verifier = infra.verifier ?? createTokenVerifier({ jwksUrl: config.JWKS_URL });
  const context: ServiceContext<Static<TObject<P>> & BaseConfig> = {
    name: def.name,
    config,
    log,
    database,
    db: database.db,
    bus: infra.bus,
    store: infra.store,
    verifier,
    metrics,
    async transaction(fn) {
      const result = await database.db.transaction().execute((trx) => fn(txContext(trx)));
      relay.wake();
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
  await def.routes(app, context);
  const stopExtra = def.start ? await def.start(context) : undefined;

  relay.start();
  const subscriptions: Subscription[] = [];
  for (const consumer of def.consumers ?? []) {
    subscriptions.push(
      await startConsumer({
        service: def.name,
        database,
        bus: infra.bus,
        consumer,
        logger: log,
        afterCommit: () => relay.wake(),
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
  ctx: ServiceContext<unknown>,
  def: E,
  payload: Static<E['payload']>,
): Promise<EventEnvelope> {
  return ctx.transaction((tx) => tx.publish(def, payload));
}
