import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** Settings every service reads from its environment. */
export const BaseConfigSchema = Type.Object({
  NODE_ENV: Type.String({ default: 'development' }),
  HOST: Type.String({ default: '127.0.0.1' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 0 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  /** The public site address, used in links sent by e-mail. */
  PUBLIC_URL: Type.String({ default: 'http://localhost:8080' }),
  /** Where access-token public keys are published (identity's key set). */
  JWKS_URL: Type.String({ default: 'http://127.0.0.1:4001/api/v1/identity/.well-known/jwks.json' }),
  /** Installation operator key for the admin CLI; unset disables operator routes. */
  OPERATOR_KEY: Type.Optional(Type.String({ minLength: 24 })),
  DATABASE_URL: Type.String({ default: 'postgres://postgres@127.0.0.1:5432/postgres' }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  REDIS_URL: Type.Optional(Type.String()),
  /** Overrides the service's schema name (tests run copies side by side on one server). */
  DATABASE_SCHEMA: Type.Optional(Type.String({ pattern: '^[a-z_][a-z0-9_]*$' })),
  /** Prefix for NATS subjects and streams (tests keep their traffic apart). */
  BUS_NAMESPACE: Type.Optional(Type.String({ pattern: '^[a-z0-9]+$' })),
  /** Key prefix in Redis. */
  REDIS_PREFIX: Type.String({ default: 'mer:' }),
  /**
   * How long a stopping service waits for requests in flight before closing their connections (well within
   * Kubernetes' 30 s termination grace period).
   */
  SHUTDOWN_GRACE_MS: Type.Integer({ minimum: 0, default: 10_000 }),
});
export type BaseConfig = Static<typeof BaseConfigSchema>;

export class ConfigError extends Error {}

/**
 * Reads and validates config from env. Unknown variables are ignored; wrong ones stop the start
 * with every problem listed (values are not echoed: they may be secrets).
 */
export function loadConfig<P extends TProperties>(
  schema: TObject<P>,
  env: Record<string, string | undefined> = process.env,
): Static<TObject<P>> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const withDefaults = Value.Default(schema, Value.Convert(schema, input));
  const problems = [...Value.Errors(schema, withDefaults)];
  if (problems.length) {
    const lines = problems.map((p) => `  ${p.path.replace(/^\//, '') || '(root)'}: ${p.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return withDefaults as Static<TObject<P>>;
}

/** A service's own config schema extends the base one. */
export function extendConfig<P extends TProperties>(properties: P) {
  return Type.Object({ ...BaseConfigSchema.properties, ...properties });
}
