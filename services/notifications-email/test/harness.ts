import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { EventDefinition, EventEnvelope, EventPayload } from '@mer/contracts';
import {
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  createTokenVerifier,
  startService,
  type EventBus,
  type RunningService,
  type TokenVerifier,
} from '@mer/service-runtime';
import type { TestInfra } from '@mer/service-runtime/testing';
import { createNotificationsEmailService } from '../src/index.ts';

/** An event exactly as identity's outbox would put it on the bus. */
export function identityEvent<E extends EventDefinition>(
  def: E,
  payload: EventPayload<E>,
  overrides: Partial<EventEnvelope> = {},
): EventEnvelope<EventPayload<E>> {
  return {
    id: randomUUID(),
    subject: def.subject,
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    version: 1,
    payload,
    ...overrides,
  };
}

/**
 * Access tokens signed like identity's (EdDSA, issuer and audience of MER), and a verifier
 * that trusts their key: the route's real access check runs against them.
 */
export async function createTokenIssuer(): Promise<{
  verifier: TokenVerifier;
  token(claims: { perms: string[]; roles?: string[]; sub?: string }): Promise<string>;
}> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
  return {
    verifier: createTokenVerifier({ jwks: { keys: [jwk] } }),
    token: (claims) =>
      new SignJWT({ sid: randomUUID(), roles: claims.roles ?? [], perms: claims.perms })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key' })
        .setSubject(claims.sub ?? randomUUID())
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey),
  };
}

export const PUBLIC_URL = 'https://mer.test';

/** Starts the service on the test infrastructure, polling its queue quickly. */
export function startEmailService(
  infra: TestInfra,
  opts: {
    env?: Record<string, string>;
    verifier?: TokenVerifier;
    bus?: EventBus;
    schemaSuffix?: string;
  } = {},
): Promise<RunningService<any>> {
  return startService(createNotificationsEmailService(), {
    databases: infra.databases,
    bus: opts.bus ?? infra.bus,
    store: infra.store,
    logger: infra.logger,
    schema: infra.schemaFor(`notifications-email${opts.schemaSuffix ?? ''}`),
    ...(opts.verifier ? { verifier: opts.verifier } : {}),
    env: {
      PUBLIC_URL,
      EMAIL_POLL_INTERVAL_MS: '50',
      EMAIL_RETRY_BASE_MS: '50',
      ...opts.env,
    },
  });
}

/**
 * A real bus that hands every delivery to the handler twice, as JetStream does when an ack is
 * lost after the handler committed: the consumer must apply it once.
 */
export function deliveringTwice(bus: EventBus): EventBus {
  return {
    kind: bus.kind,
    publish: (event) => bus.publish(event),
    subscribe: (opts) =>
      bus.subscribe({
        ...opts,
        handler: async (event) => {
          await opts.handler(structuredClone(event));
          await opts.handler(structuredClone(event));
        },
      }),
    subscribeBroadcast: (subject, handler) => bus.subscribeBroadcast(subject, handler),
    close: () => bus.close(),
  };
}

export interface QueueRow {
  id: string;
  event_id: string;
  kind: string;
  user_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  action_url: string | null;
  status: string;
  transport: string;
  attempts: number;
  last_error: string | null;
}

export function queueRows(service: RunningService<any>): Promise<QueueRow[]> {
  return service.context.db.selectFrom('email_queue').selectAll().orderBy('seq').execute() as Promise<
    QueueRow[]
  >;
}
