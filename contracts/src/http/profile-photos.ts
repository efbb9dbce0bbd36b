import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { Uuid } from './common.ts';

/** Spec 000 section 9: the largest photo a member may upload (10 MB). */
export const PHOTO_MAX_BYTES = 10_485_760;

/** The image types a member may upload; the server checks the bytes, not this header. */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Photo file names are random ids chosen by the server (never the member's file name). */
export const PhotoFileName = Type.String({
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.jpg$',
  maxLength: 40,
});

/** A photo that passed the checks: re-encoded as a square JPEG with exactly one face. */
export const UploadedPhoto = Type.Object(
  {
    photoId: Uuid,
    /** Where the photo is served, e.g. /api/v1/profile-onboarding/photos/<photoId>.jpg */
    imageUrl: Type.String(),
    width: Type.Integer({ minimum: 1 }),
    height: Type.Integer({ minimum: 1 }),
    faceCount: Type.Literal(1),
  },
  { $id: 'UploadedPhoto' },
);
export type UploadedPhoto = Static<typeof UploadedPhoto>;

export const SetProfilePhotoBody = Type.Object(
  { photoId: Uuid },
  { $id: 'SetProfilePhotoBody', additionalProperties: false },
);
export type SetProfilePhotoBody = Static<typeof SetProfilePhotoBody>;

export const ProfilePhoto = Type.Object({ imageUrl: Type.String() }, { $id: 'ProfilePhoto' });
export type ProfilePhoto = Static<typeof ProfilePhoto>;

/** The photo pipeline of profile-onboarding (merged into routesByService['profile-onboarding']). */
export const profilePhotoRoutes = defineRoutes('profile-onboarding', {
  uploadPhoto: {
    method: 'POST',
    path: '/api/v1/profile-onboarding/photos',
    summary:
      'Upload a profile photo as raw image bytes: type sniffed, re-encoded (square JPEG, at most 1024 px, no EXIF), exactly one face required',
    access: { kind: 'user', loginMessage: 'You must be logged in to upload images' },
    rawBody: {
      contentTypes: PHOTO_UPLOAD_TYPES,
      maxBytes: PHOTO_MAX_BYTES,
      tooLargeMessage: 'File size must be less than 10MB',
    },
    response: { 201: UploadedPhoto },
  },
  photoFile: {
    method: 'GET',
    path: '/api/v1/profile-onboarding/photos/:fileName',
    summary: 'A stored photo (JPEG), cacheable for a year: its name never changes meaning',
    access: { kind: 'public' },
    params: Type.Object({ fileName: PhotoFileName }),
    produces: 'image/jpeg',
    response: { 200: Type.String({ format: 'binary', description: 'The JPEG bytes' }) },
  },
  setProfilePhoto: {
    method: 'PUT',
    path: '/api/v1/profile-onboarding/profiles/me/photo',
    summary: "Make one of the member's own uploaded photos their profile photo",
    access: { kind: 'user' },
    body: SetProfilePhotoBody,
    response: { 200: ProfilePhoto },
  },
});
