import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { detectServers, removeNamespace } from '@mer/service-runtime/testing';
import { startCluster, type Cluster } from '../infra/topology/cluster.ts';
import { GATEWAY_PORT, SERVICES } from '../infra/services.ts';
import { freeOffset } from './support/ports.ts';
import { runIdentityJourney } from './support/identity-journey.ts';

const admin = { email: 'guide@mer.test', password: 'quiet-mountain-path' };
const servers = await detectServers();
const real = Boolean(servers.postgres && servers.nats && servers.redis);
if (!real) console.warn('PostgreSQL, NATS or Redis not reachable: the cluster-topology journey was NOT run');

describe.runIf(real)(
  'identity journey through the gateway, cluster topology (separate processes, two gateways)',
  () => {
    let cluster: Cluster;
    const namespace = `e2e${randomBytes(3).toString('hex')}`;
    beforeAll(async () => {
      cluster = await startCluster({
        namespace,
        // Services on 14001-19010, gateways on 18080-23081: apart from the messaging fault journey's ports.
        portOffset: await freeOffset(
          [...SERVICES.map((s) => s.port), GATEWAY_PORT, GATEWAY_PORT + 1],
          10_000,
          15_000,
        ),
        gateways: 2,
        operatorKey: randomBytes(24).toString('base64url'),
        databaseUrl: servers.postgres!,
        natsUrl: servers.nats!,
        redisUrl: servers.redis!,
        env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'warn' },
        onOutput: (name, line) => {
          if (process.env.MER_TEST_LOG_LEVEL) console.log(`${name} | ${line}`);
        },
      });
    });
    afterAll(async () => {
      await cluster?.stop();
      await removeNamespace(servers, namespace);
    });

    it('runs the same journey; the revocation reaches a socket held by the other gateway replica', async () => {
      await runIdentityJourney({
        gateways: cluster.gateways.map((g) => g.url),
        operatorKey: cluster.services[0]!.env.OPERATOR_KEY!,
        admin,
      });
    });
  },
);
