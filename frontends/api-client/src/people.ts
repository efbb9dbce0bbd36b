/**
 * The people micro-frontend's calls that are not profile reads or edits (those are profileApi's, profile.ts):
 * choosing the uploaded photo, and identity's e-mail, password and account deletion.
 */
import { ApiError, catalogueError, errorFromResponse, toApiError } from './errors.ts';
import { apiRequest } from './http.ts';
import { getAccessToken, refreshSession, whenSessionReady } from './session.ts';
import type { ServerNotice } from './identity.ts';
import { PROFILE_API } from './profile.ts';

export const PEOPLE_PATHS = {
  myPhoto: `${PROFILE_API}/profiles/me/photo`,
  photos: `${PROFILE_API}/photos`,
  changeEmail: '/api/v1/identity/me/email',
  changePassword: '/api/v1/identity/me/password',
  deleteAccount: '/api/v1/identity/me',
} as const;

export interface UploadedPhoto {
  photoId: string;
  imageUrl: string;
  width: number;
  height: number;
  faceCount: number;
}

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

  /**
   * Uploads a photo (raw JPEG body) with upload progress, which fetch cannot report. A 401 refreshes the
   * session once and repeats, like every user call.
   */
  async uploadPhoto(jpeg: Blob, onProgress?: (percent: number) => void): Promise<UploadedPhoto> {
    await whenSessionReady();
    try {
      return await sendPhoto(jpeg, getAccessToken(), onProgress);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && (await refreshSession()))
        return sendPhoto(jpeg, getAccessToken(), onProgress);
      throw error;
    }
  },
};

function sendPhoto(
  jpeg: Blob,
  accessToken: string | null,
  onProgress?: (percent: number) => void,
): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', PEOPLE_PATHS.photos);
    request.setRequestHeader('content-type', jpeg.type || 'image/jpeg');
    request.setRequestHeader('accept', 'application/json');
    if (accessToken) request.setRequestHeader('authorization', `Bearer ${accessToken}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(toApiError(new TypeError('Network error during upload')));
    request.onload = () => {
      let body: unknown = undefined;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300 && body) resolve(body as UploadedPhoto);
      else if (request.status >= 400) reject(errorFromResponse(request.status, body));
      else reject(catalogueError('unexpected_error', request.status));
    };
    request.send(jpeg);
  });
}
