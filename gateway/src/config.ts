import { Type, type Static } from '@sinclair/typebox';
import { routesByService } from '@mer/contracts';
import { BaseConfigSchema, loadConfig } from '@mer/service-runtime';

const base = BaseConfigSchema.properties;

/** The gateway process's settings (cluster topology). Every one has a line in .env.example. */
export const GatewayConfigSchema = Type.Object({
  // The runtime's settings the gateway shares with the services (no database, no operator key).
  NODE_ENV: base.NODE_ENV,
  HOST: base.HOST,
  /** GATEWAY_PORT wins over PORT, so one env file can hold both a service's and the gateway's. */
  GATEWAY_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  LOG_LEVEL: base.LOG_LEVEL,
  PUBLIC_URL: base.PUBLIC_URL,
  JWKS_URL: base.JWKS_URL,
  NATS_URL: base.NATS_URL,
  BUS_NAMESPACE: base.BUS_NAMESPACE,
  REDIS_URL: base.REDIS_URL,
  REDIS_PREFIX: base.REDIS_PREFIX,
  /** 'true', a hop count, or comma-separated addresses/CIDRs of the load balancers in front. */
  TRUST_PROXY: Type.Optional(Type.String()),
  /** Comma-separated origins allowed cross-origin; empty means same origin only. */
  CORS_ORIGINS: Type.Optional(Type.String()),
  RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 300 }),
  RATE_LIMIT_SENSITIVE_PER_MINUTE: Type.Integer({ minimum: 1, default: 20 }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1024 * 1024 }),
  /** The shell's site settings in /mf-config.js: visitors on a preview host go to the production origin. */
  MER_PRODUCTION_ORIGIN: Type.Optional(Type.String()),
  /** Comma-separated preview host names ("*.example.org" matches sub-domains). */
  MER_PREVIEW_HOSTS: Type.Optional(Type.String()),
  /** The address behind the guard's Contact Support link. */
  MER_SUPPORT_EMAIL: Type.Optional(Type.String()),
  /** Folder of the built front ends; default <repo>/frontends. */
  STATIC_ROOT: Type.Optional(Type.String()),
});
export type GatewayConfig = Static<typeof GatewayConfigSchema>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(GatewayConfigSchema, env);
}

/** SERVICE_URL_<NAME> for every service that has routes in the contracts, e.g. SERVICE_URL_NOTIFICATIONS_EMAIL. */
export function serviceUrlsFromEnv(env: Record<string, string | undefined> = process.env): {
  services: Record<string, string>;
  missing: string[];
} {
  const services: Record<string, string> = {};
  const missing: string[] = [];
  for (const name of Object.keys(routesByService)) {
    const key = `SERVICE_URL_${name.toUpperCase().replace(/-/g, '_')}`;
    const value = env[key];
    if (value) services[name] = value.replace(/\/+$/, '');
    else missing.push(key);
  }
  return { services, missing };
}

export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
