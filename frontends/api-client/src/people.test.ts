import { describe, expect, it } from 'vitest';
import { identityRoutes, profilePhotoRoutes } from '@mer/contracts';
import { PEOPLE_PATHS } from './people.ts';
import { PHOTO_UPLOAD_PATH } from './photos.ts';

describe('the people client follows the contracts', () => {
  it("uses identity's paths for e-mail, password and account deletion", () => {
    expect(PEOPLE_PATHS.changeEmail).toBe(identityRoutes.changeEmail.path);
    expect(PEOPLE_PATHS.changePassword).toBe(identityRoutes.changePassword.path);
    expect(PEOPLE_PATHS.deleteAccount).toBe(identityRoutes.deleteAccount.path);
    expect(identityRoutes.deleteAccount.method).toBe('DELETE');
  });

  it("uses profile-onboarding's path for choosing the profile photo", () => {
    expect(PEOPLE_PATHS.myPhoto).toBe(profilePhotoRoutes.setProfilePhoto.path);
  });

  it("uploads to profile-onboarding's photo upload path", () => {
    expect(PHOTO_UPLOAD_PATH).toBe(profilePhotoRoutes.uploadPhoto.path);
    expect(profilePhotoRoutes.uploadPhoto.method).toBe('POST');
  });
});
