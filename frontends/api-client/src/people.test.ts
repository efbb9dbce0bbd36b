import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  identityRoutes,
  profileOnboardingRoutes,
  type NotificationPreferences as ContractNotificationPreferences,
  type PrivacySettings as ContractPrivacySettings,
} from '@mer/contracts';
import { PEOPLE_PATHS, type NotificationPreferences, type PrivacySettings } from './people.ts';

describe('the people client follows the contracts that exist', () => {
  it("uses identity's paths for e-mail, password and account deletion", () => {
    expect(PEOPLE_PATHS.changeEmail).toBe(identityRoutes.changeEmail.path);
    expect(PEOPLE_PATHS.changePassword).toBe(identityRoutes.changePassword.path);
    expect(PEOPLE_PATHS.deleteAccount).toBe(identityRoutes.deleteAccount.path);
    expect(identityRoutes.deleteAccount.method).toBe('DELETE');
  });

  it("uses profile-onboarding's path for the member's own profile", () => {
    expect(PEOPLE_PATHS.myProfile).toBe(profileOnboardingRoutes.myProfile.path);
  });

  it('reads the preference shapes the service sends', () => {
    expectTypeOf<ContractNotificationPreferences>().toExtend<NotificationPreferences>();
    expectTypeOf<ContractPrivacySettings>().toExtend<PrivacySettings>();
  });
});
