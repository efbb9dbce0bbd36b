import { MESSAGE_PHOTO_MAX_BYTES, MESSAGE_PHOTO_UPLOAD_TYPES, MessagingTexts } from './texts.ts';

/**
 * Why a picked file cannot go with a message, or null. Checked before uploading so the member hears at once;
 * the service checks again (it sniffs the bytes) and its words are shown when it refuses.
 */
export function photoPickProblem(file: { type: string; size: number }): string | null {
  if (!(MESSAGE_PHOTO_UPLOAD_TYPES as readonly string[]).includes(file.type))
    return MessagingTexts.notAnImage;
  if (file.size > MESSAGE_PHOTO_MAX_BYTES) return MessagingTexts.photoTooLarge;
  return null;
}
