import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  EmbeddedBus,
  createLogger,
  createMemoryStore,
  createPgliteProvider,
  createTokenVerifier,
  freePort,
  openPglite,
  startService,
  type Logger,
  type RunningService,
} from '@mer/service-runtime';
import { loadGatewayConfig, startGateway } from '@mer/gateway';
import { SERVICE_DEFINITIONS } from '../service-definitions.ts';
import { ensureOperatorKey } from '../operator-key.ts';

export interface EmbeddedOptions {
  /** Folder for the database and keys (default ./data). */
  dataDir?: string;
  /** Keep the database in memory (tests). */
  inMemory?: boolean;
  port?: number;
  host?: string;
  publicUrl?: string;
  logger?: Logger;
  env?: Record<string, string | undefined>;
}

export interface EmbeddedMer {
  url: string;
  services: RunningService<any>[];
  operatorKey: string;
  stop(): Promise<void>;
  /**
   * Stops one service for real: its port closes and the gateway's forwards to it fail, as in an outage.
   * For tests of how the rest of MER (and the web front ends) behave without it.
   */
  stopService(name: string): Promise<void>;
  /** Starts a stopped service again on its old address, which the gateway still forwards to. */
  restartService(name: string): Promise<void>;
}

/**
 * The embedded topology: the gateway and every service in this one process, on PGlite (real
 * Postgres in WASM, one schema per service), the database-backed embedded bus and memory rate
 * limits. Services still listen on their own loopback ports and the gateway forwards over HTTP,
 * exactly as in the cluster.
 */
export async function startEmbedded(opts: EmbeddedOptions = {}): Promise<EmbeddedMer> {
  const dataDir = resolve(opts.dataDir ?? 'data');
  const logger = opts.logger ?? createLogger('mer', process.env.LOG_LEVEL ?? 'info');
  const requestedPort = opts.port ?? Number(process.env.PORT ?? 8080);
  // E-mails link to the public address, so an ephemeral port is chosen before anything starts.
  const port = requestedPort === 0 ? await freePort() : requestedPort;
  const host = opts.host ?? process.env.HOST ?? '0.0.0.0';
  await mkdir(dataDir, { recursive: true });
  const operatorKey = await ensureOperatorKey(join(dataDir, 'operator.key'));

  const pglite = await openPglite(opts.inMemory ? undefined : join(dataDir, 'pg'));
  const databases = createPgliteProvider(pglite);
  const bus = await EmbeddedBus.open(databases.forSchema('mer_bus'), logger);
  const store = createMemoryStore();

  const services: RunningService<any>[] = [];
  const stopAll = async () => {
    for (const s of [...services].reverse()) await s.stop().catch((err) => logger.error({ err }, 'stop failed'));
    await bus.close();
    await store.close();
    await databases.close();
  };
  try {
    // The public address must be known before services start: e-mails link to it.
    const provisionalPublicUrl = opts.publicUrl ?? process.env.PUBLIC_URL ?? `http://localhost:${port}`;
    const env: Record<string, string | undefined> = {
      // Photos live in the data folder too, unless set otherwise.
      PHOTO_STORAGE_DIR: join(dataDir, 'photos'),
      ...process.env,
      ...opts.env,
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: provisionalPublicUrl,
      OPERATOR_KEY: operatorKey,
    };
    const [first, ...rest] = SERVICE_DEFINITIONS;
    const identity = await startService(first!, { databases, bus, store, logger, env });
    services.push(identity);
    env.JWKS_URL = `${identity.url}/api/v1/identity/.well-known/jwks.json`;
    const verifier = createTokenVerifier({ jwksUrl: env.JWKS_URL });
    for (const def of rest) services.push(await startService(def, { databases, bus, store, logger, env, verifier }));

    const byName = (name: string) => {
      const index = services.findIndex((s) => s.name === name);
      const def = SERVICE_DEFINITIONS.find((d) => d.name === name);
      if (index < 0 || !def) throw new Error(`No service named ${name}`);
      return { index, def };
    };

    // The gateway's own settings (rate limits, body size) from the same env, as the cluster's gateway reads them.
    const gatewayConfig = loadGatewayConfig(env);
    const gateway = await startGateway({
      services: Object.fromEntries(services.map((s) => [s.name, s.url])),
      verifier,
      bus,
      store,
      logger,
      host,
      port,
      publicUrl: provisionalPublicUrl,
      bodyLimit: gatewayConfig.BODY_LIMIT_BYTES,
      rateLimits: {
        perIp: gatewayConfig.RATE_LIMIT_PER_MINUTE,
        sensitivePerIp: gatewayConfig.RATE_LIMIT_SENSITIVE_PER_MINUTE,
        windowMs: 60_000,
      },
    });
    return {
      url: gateway.url,
      services,
      operatorKey,
      async stop() {
        await gateway.stop();
        await stopAll();
      },
      async stopService(name) {
        await services[byName(name).index]!.stop();
      },
      async restartService(name) {
        const { index, def } = byName(name);
        const old = services[index]!;
        await old.stop();
        const sameAddress = { ...env, PORT: new URL(old.url).port };
        services[index] = await startService(def, { databases, bus, store, logger, env: sameAddress, verifier });
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
