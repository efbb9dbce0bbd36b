import { loadConfig, BaseConfigSchema } from './config.ts';
import { createPostgresProvider } from './db/database.ts';
import { NatsBus } from './bus/nats-bus.ts';
import { createMemoryStore, createRedisStore } from './cache.ts';
import { createLogger } from './logger.ts';
import { startService, type ServiceDefinition } from './service.ts';
import type { TProperties } from '@sinclair/typebox';

/**
 * Runs one service as its own process (cluster topology): PostgreSQL, NATS JetStream and Redis
 * from env, graceful shutdown on SIGTERM/SIGINT (stop taking requests, finish the ones running,
 * finish the event in hand, close connections).
 */
export async function runServiceProcess<P extends TProperties, DB, D>(
  def: ServiceDefinition<P, DB, D>,
): Promise<void> {
  const base = loadConfig(BaseConfigSchema);
  const logger = createLogger(def.name, base.LOG_LEVEL);
  try {
    const databases = createPostgresProvider(base.DATABASE_URL);
    const bus = await NatsBus.connect({
      servers: base.NATS_URL,
      name: def.name,
      logger,
      ...(base.BUS_NAMESPACE ? { namespace: base.BUS_NAMESPACE } : {}),
    });
    const store = base.REDIS_URL
      ? await createRedisStore(base.REDIS_URL, base.REDIS_PREFIX)
      : createMemoryStore();
    const service = await startService(def, {
      databases,
      bus,
      store,
      logger,
      ...(base.DATABASE_SCHEMA ? { schema: base.DATABASE_SCHEMA } : {}),
    });
    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 15_000);
      force.unref();
      await service.stop();
      await bus.close();
      await store.close();
      await databases.close();
      process.exit(0);
    };
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    process.on('SIGINT', () => void shutdown('SIGINT'));
  } catch (err) {
    logger.fatal({ err }, `${def.name} failed to start`);
    process.exit(1);
  }
}
