import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface ServiceMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  eventsPublished: Counter<never>;
  eventsConsumed: Counter<'subject' | 'outcome'>;
}

let processMetricsRegistry: Registry | undefined;
/** Process-wide metrics (CPU, memory, event loop), collected once however many services share a process. */
export function processRegistry(): Registry {
  if (!processMetricsRegistry) {
    processMetricsRegistry = new Registry();
    collectDefaultMetrics({ register: processMetricsRegistry });
  }
  return processMetricsRegistry;
}

export function createServiceMetrics(service: string): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'mer_http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    eventsPublished: new Counter({
      name: 'mer_events_published_total',
      help: 'Events relayed from the outbox to the bus',
      registers: [registry],
    }),
    eventsConsumed: new Counter({
      name: 'mer_events_consumed_total',
      help: 'Events delivered to consumers, by outcome (handled, duplicate, rejected, erased-member)',
      labelNames: ['subject', 'outcome'],
      registers: [registry],
    }),
  };
}

export async function renderMetrics(metrics: ServiceMetrics): Promise<string> {
  const merged = Registry.merge([metrics.registry, processRegistry()]);
  return merged.metrics();
}
