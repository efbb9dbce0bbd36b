import { startService, type EventBus, type RunningService, type TokenVerifier } from '@mer/service-runtime';
import type { TestInfra } from '@mer/service-runtime/testing';
import type { ProfileOnboardingDeps, ProfileOnboardingTables } from '../src/deps.ts';
import { profileOnboardingService, type ProfileOnboardingConfig } from '../src/index.ts';

export {
  eventEnvelope as identityEvent,
  eventEnvelope as busEvent,
  createTokenIssuer,
  deliveringTwice,
} from '@mer/service-runtime/testing';

/** A running profile-onboarding: `context.db` typed with its tables, `deps` what its routes and consumers use. */
export type ProfileService = RunningService<
  ProfileOnboardingConfig,
  ProfileOnboardingTables,
  ProfileOnboardingDeps
>;

/** profile-onboarding started exactly as in production, in a schema and bus namespace of this test's own. */
export function startProfileService(
  infra: TestInfra,
  opts: { verifier: TokenVerifier; bus?: EventBus; env?: Record<string, string> },
): Promise<ProfileService> {
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
