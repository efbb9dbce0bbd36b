/**
 * The people micro-frontend's calls that are not profile reads or edits (those are profileApi's, profile.ts)
 * nor the photo upload (photos.ts): choosing the uploaded photo, and identity's e-mail, password and account
 * deletion.
 */
import { apiRequest } from './http.ts';
import type { ServerNotice } from './identity.ts';
import { PROFILE_API } from './profile.ts';

export const PEOPLE_PATHS = {
  myPhoto: `${PROFILE_API}/profiles/me/photo`,
  changeEmail: '/api/v1/identity/me/email',
  changePassword: '/api/v1/identity/me/password',
  deleteAccount: '/api/v1/identity/me',
} as const;

export const peopleApi = {
  setMyPhoto(photoId: string): Promise<{ imageUrl: string }> {
    return apiRequest('PUT', PEOPLE_PATHS.myPhoto, { body: { photoId } });
  },

  /** The change takes effect when the member opens the link sent to the new address. */
  changeEmail(input: { newEmail: string; currentPassword: string }): Promise<ServerNotice> {
    return apiRequest('POST', PEOPLE_PATHS.changeEmail, { body: input });
  },

  changePassword(input: {
    currentPassword: string;
    newPassword: string;
    confirmPassword: string;
  }): Promise<ServerNotice> {
    return apiRequest('POST', PEOPLE_PATHS.changePassword, { body: input });
  },

  deleteAccount(): Promise<ServerNotice> {
    return apiRequest('DELETE', PEOPLE_PATHS.deleteAccount);
  },
};
