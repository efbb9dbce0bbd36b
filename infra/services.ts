/**
 * The one table of MER's deployables and their ports. docker-compose.yml, k8s/, the cluster
 * starter and test/deployment.test.ts all follow it; `npm run new:service` appends to it.
 * Every service listens on the same fixed port in every topology that gives it its own process.
 */

export interface ServiceEntry {
  /** The service name: its folder under services/, its /api/v1/<name>/ prefix, its subject prefix. */
  name: string;
  /** The fixed port it listens on in the cluster topology (compose, k8s, start:cluster). */
  port: number;
  /** Its folder, relative to the repository root. */
  dir: string;
}

/** Services that exist in this repository, in start order (identity first: it publishes the key set). */
export const SERVICES: readonly ServiceEntry[] = [
  { name: 'identity', port: 4001, dir: 'services/identity' },
  { name: 'notifications-email', port: 4008, dir: 'services/notifications-email' },
  { name: 'profile-onboarding', port: 4002, dir: 'services/profile-onboarding' },
  { name: 'billing', port: 4003, dir: 'services/billing' },
  { name: 'community-feed', port: 4004, dir: 'services/community-feed' },
  { name: 'social-graph', port: 4006, dir: 'services/social-graph' },
  { name: 'messaging', port: 4007, dir: 'services/messaging' },
  { name: 'events-circles', port: 4005, dir: 'services/events-circles' },
  // new:service inserts entries above this line
];

/** The gateway: the single public entry point. */
export const GATEWAY_PORT = 8080;
export const GATEWAY_DIR = 'gateway';

/**
 * Ports reserved for the services the architecture plans but that are not built yet, so that a
 * port never changes meaning once given. The generator takes a service's reserved port, else the
 * next free one after all of these.
 */
export const RESERVED_PORTS: Readonly<Record<string, number>> = {
  identity: 4001,
  'profile-onboarding': 4002,
  billing: 4003,
  'community-feed': 4004,
  'events-circles': 4005,
  'social-graph': 4006,
  messaging: 4007,
  'notifications-email': 4008,
  search: 4009,
  admin: 4010,
};

/** The service's entry, or an error naming the known ones. */
export function serviceEntry(name: string): ServiceEntry {
  const entry = SERVICES.find((s) => s.name === name);
  if (!entry) throw new Error(`Unknown service '${name}' (known: ${SERVICES.map((s) => s.name).join(', ')})`);
  return entry;
}

/** Base URL of a service inside the cluster topology on one machine. */
export function localServiceUrl(name: string, host = '127.0.0.1'): string {
  return `http://${host}:${serviceEntry(name).port}`;
}

/** The gateway's env name for a service's base URL: SERVICE_URL_NOTIFICATIONS_EMAIL. */
export function serviceUrlEnvName(name: string): string {
  return `SERVICE_URL_${name.toUpperCase().replace(/-/g, '_')}`;
}
