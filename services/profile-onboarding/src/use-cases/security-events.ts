import { ProfileOnboardingThreatDetected } from '@mer/contracts';
import { securityEvent } from '@mer/text-sanitiser';
import type { ProfileOnboardingDeps } from '../deps.ts';
import type { TextThreats } from '../domain/profile-rules.ts';

/**
 * Hostile member text goes to the admin security log (profile-onboarding.security.threat-detected.v1) in a
 * transaction of its own, committed before the edit is checked further: an edit that is then refused (or
 * fails) still leaves its trace, which the edit's own transaction would roll back with it.
 */
export async function reportTextThreats(
  deps: Pick<ProfileOnboardingDeps, 'transaction'>,
  userId: string,
  threats: readonly TextThreats[],
): Promise<void> {
  if (threats.length === 0) return;
  await deps.transaction(async (tx) => {
    for (const { field, result } of threats) {
      await tx.publish(
        ProfileOnboardingThreatDetected,
        securityEvent(result, { service: 'profile-onboarding', userId, field: `profile.${field}` }),
      );
    }
  });
}
