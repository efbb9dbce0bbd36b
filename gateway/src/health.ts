import type { FastifyInstance } from 'fastify';
import { renderMetrics, type ServiceMetrics } from '@mer/service-runtime';
import type { ServiceProxy } from './proxy.ts';
import type { RealtimeHub } from './realtime.ts';

const READY_TIMEOUT_MS = 2_000;

/**
 * /healthz: the process is alive. /readyz: it can do its job, which for a gateway means every
 * service behind it answers its own /readyz. /metrics: Prometheus, with the process metrics.
 */
export function registerHealth(
  scope: FastifyInstance,
  deps: { proxy: ServiceProxy; metrics: ServiceMetrics; hub: RealtimeHub; ready: () => boolean },
): void {
  scope.get('/healthz', async () => ({ status: 'ok', service: 'gateway' }));

  scope.get('/readyz', async (_request, reply) => {
    const services: Record<string, 'ready' | 'not ready' | 'unreachable'> = {};
    await Promise.all(
      [...deps.proxy.entries()].map(async ([name, pool]) => {
        try {
          const { statusCode, body } = await pool.request({
            path: '/readyz',
            method: 'GET',
            headersTimeout: READY_TIMEOUT_MS,
            bodyTimeout: READY_TIMEOUT_MS,
            signal: AbortSignal.timeout(READY_TIMEOUT_MS),
          });
          await body.dump();
          services[name] = statusCode === 200 ? 'ready' : 'not ready';
        } catch {
          services[name] = 'unreachable';
        }
      }),
    );
    const ok = deps.ready() && Object.values(services).every((s) => s === 'ready');
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ready' : 'not ready', service: 'gateway', services });
  });

  scope.get('/metrics', async (_request, reply) => {
    reply.header('content-type', 'text/plain; version=0.0.4');
    return renderMetrics(deps.metrics);
  });
}
