import { FEED_PHOTO_MAX_BYTES, FEED_PHOTO_UPLOAD_TYPES, POST_MAX_PHOTOS } from '@mer/contracts';

/** Why a picked file cannot be added to a post, or null (checked before uploading). */
export function photoPickProblem(file: { type: string; size: number }, alreadyPicked: number): string | null {
  if (alreadyPicked >= POST_MAX_PHOTOS) return `A post can have up to ${POST_MAX_PHOTOS} photos`;
  if (!(FEED_PHOTO_UPLOAD_TYPES as readonly string[]).includes(file.type))
    return 'Please select an image file (JPG, PNG, GIF, etc.)';
  if (file.size > FEED_PHOTO_MAX_BYTES) return 'Please select an image smaller than 10MB';
  return null;
}
