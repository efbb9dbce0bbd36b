import { describe, expect, it } from 'vitest';
import { identityRoutes, profilePhotoRoutes } from '@mer/contracts';
import { PEOPLE_PATHS } from './people.ts';

describe('the people client follows the contracts', () => {
  it("uses identity's paths for e-mail, password and account deletion", () => {
    expect(PEOPLE_PATHS.changeEmail).toBe(identityRoutes.changeEmail.path);
    expect(PEOPLE_PATHS.changePassword).toBe(identityRoutes.changePassword.path);
    expect(PEOPLE_PATHS.deleteAccount).toBe(identityRoutes.deleteAccount.path);
    expect(identityRoutes.deleteAccount.method).toBe('DELETE');
  });

  it("uses profile-onboarding's photo paths", () => {
    const paths = Object.values(profilePhotoRoutes).map((r) => r.path);
    expect(paths).toContain(PEOPLE_PATHS.myPhoto);
    expect(paths).toContain(PEOPLE_PATHS.photos);
  });
});
