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
import { profileOnboardingService, type ProfileOnboardingConfig } from '../src/index.ts';

/** An event exactly as identity's outbox would put it on the bus. */
export function identityEvent<E extends EventDefinition>(
  def: E,
  payload: EventPayload<E>,
): EventEnvelope<EventPayload<E>> {
  return {
    id: randomUUID(),
    subject: def.subject,
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    version: 1,
    payload,
  };
}

/**
 * Access tokens signed like identity's (EdDSA, MER's issuer and audience) with a key made here, and
 * a verifier that trusts it: the routes' real access check runs against them.
 */
export async function createTokenIssuer(): Promise<{
  verifier: TokenVerifier;
  token(sub: string, claims?: { perms?: string[]; roles?: string[] }): Promise<string>;
}> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
  return {
    verifier: createTokenVerifier({ jwks: { keys: [jwk] } }),
    token: (sub, claims = {}) =>
      new SignJWT({ sid: randomUUID(), roles: claims.roles ?? [], perms: claims.perms ?? [] })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key' })
        .setSubject(sub)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey),
  };
}

/**
 * A real bus that hands every delivery to the handler twice, as JetStream does when an ack is lost
 * after the handler committed: each consumer must apply it once.
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

/** profile-onboarding started exactly as in production, in a schema and bus namespace of this test's own. */
export function startProfileService(
  infra: TestInfra,
  opts: { verifier: TokenVerifier; bus?: EventBus; env?: Record<string, string> },
): Promise<RunningService<ProfileOnboardingConfig>> {
  return startService(profileOnboardingService, {
    databases: infra.databases,
    bus: opts.bus ?? infra.bus,
    store: infra.store,
    logger: infra.logger,
    schema: infra.schemaFor('profile-onboarding'),
    verifier: opts.verifier,
    env: opts.env ?? {},
  });
}
