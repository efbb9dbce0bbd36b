import {
  NatsBus,
  createLogger,
  createMemoryStore,
  createRedisStore,
  createTokenVerifier,
  type EventBus,
  type KeyValueStore,
} from '@mer/service-runtime';
import { loadGatewayConfig, parseTrustProxy, serviceUrlsFromEnv } from './config.ts';
import { startGateway, type RunningGateway } from './gateway.ts';

/**
 * The gateway as its own process (cluster topology): NATS for the realtime broadcast, Redis for
 * rate limits shared by every replica. SIGTERM/SIGINT: stop taking connections, let the requests
 * in flight finish, tell WebSocket clients to reconnect elsewhere, then close the connections.
 */
const config = loadGatewayConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);
let bus: EventBus | undefined;
let store: KeyValueStore | undefined;
let gateway: RunningGateway | undefined;

try {
  const { services, missing } = serviceUrlsFromEnv();
  if (missing.length) logger.warn({ missing }, 'service URLs not set: those routes answer 503');
  bus = await NatsBus.connect({
    servers: config.NATS_URL,
    name: 'gateway',
    logger,
    ...(config.BUS_NAMESPACE ? { namespace: config.BUS_NAMESPACE } : {}),
  });
  store = config.REDIS_URL
    ? await createRedisStore(config.REDIS_URL, config.REDIS_PREFIX)
    : createMemoryStore();
  if (!config.REDIS_URL) logger.warn('REDIS_URL not set: rate limits are counted per replica, in memory');
  gateway = await startGateway({
    services,
    verifier: createTokenVerifier({ jwksUrl: config.JWKS_URL }),
    bus,
    store,
    logger,
    host: config.HOST,
    port: config.GATEWAY_PORT ?? config.PORT,
    publicUrl: config.PUBLIC_URL,
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    rateLimits: {
      perIp: config.RATE_LIMIT_PER_MINUTE,
      sensitivePerIp: config.RATE_LIMIT_SENSITIVE_PER_MINUTE,
      windowMs: 60_000,
    },
    ...(config.CORS_ORIGINS
      ? {
          corsOrigins: config.CORS_ORIGINS.split(',')
            .map((o) => o.trim())
            .filter(Boolean),
        }
      : {}),
    ...(config.STATIC_ROOT ? { staticRoot: config.STATIC_ROOT } : {}),
  });
} catch (err) {
  logger.fatal({ err }, 'gateway failed to start');
  await bus?.close().catch(() => undefined);
  await store?.close().catch(() => undefined);
  process.exit(1);
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await gateway?.stop();
    await bus?.close();
    await store?.close();
  } catch (err) {
    logger.error({ err }, 'error during shutdown');
  }
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
