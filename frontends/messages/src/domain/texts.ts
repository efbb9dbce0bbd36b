/** The product's words on the messages pages (spec 001 section 8, and the service's refusals). */
export const MessagingTexts = {
  failedToSend: 'Failed to send message',
  failedToCreate: 'Failed to create conversation',
  deleted: 'This message was deleted.',
  edited: 'edited',
  seen: 'Seen',
  /** The service refuses a photo id it does not know (contracts' MessagingTexts.photoNotFound). */
  photoNotFound: 'This photo could not be found. Please upload it again.',
  /** Checked before uploading, in the words the feed's composer uses. */
  notAnImage: 'Please select an image file (JPG, PNG, GIF, etc.)',
  /** The upload route's own words for a file over the limit. */
  photoTooLarge: 'File size must be less than 10MB',
  /** A photo alone, where a message's text would be named (the Delete button's label). */
  photoOnly: 'Photo',
} as const;

/**
 * The longest message, in characters (contracts' MESSAGE_MAX_LENGTH; repeated here because importing a value
 * from contracts' http modules would bring TypeBox into the bundle; domain/texts.test.ts keeps them equal).
 */
export const MESSAGE_MAX_LENGTH = 4000;

/** The longest report reason (contracts' REPORT_REASON_MAX_LENGTH, kept equal by the test). */
export const REPORT_REASON_MAX_LENGTH = 500;

/** A message photo upload (contracts' MESSAGE_PHOTO_MAX_BYTES and MESSAGE_PHOTO_UPLOAD_TYPES, kept equal by the test). */
export const MESSAGE_PHOTO_MAX_BYTES = 10_485_760;
export const MESSAGE_PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
