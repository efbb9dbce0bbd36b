import { describe, expect, it } from 'vitest';
import {
  MESSAGE_MAX_LENGTH as contractMax,
  MESSAGE_PHOTO_MAX_BYTES as contractPhotoMax,
  MESSAGE_PHOTO_UPLOAD_TYPES as contractPhotoTypes,
  MessagingTexts as serviceTexts,
  REPORT_REASON_MAX_LENGTH as contractReasonMax,
  messagingRoutes,
} from '@mer/contracts';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_PHOTO_MAX_BYTES,
  MESSAGE_PHOTO_UPLOAD_TYPES,
  MessagingTexts,
  REPORT_REASON_MAX_LENGTH,
} from './texts.ts';

describe('messages texts', () => {
  it('keeps the message length limit and the deleted mark the service uses', () => {
    expect(MESSAGE_MAX_LENGTH).toBe(contractMax);
    expect(MessagingTexts.deleted).toBe(serviceTexts.messageDeleted);
    expect(REPORT_REASON_MAX_LENGTH).toBe(contractReasonMax);
  });

  it('keeps the photo limits and refusals the service uses', () => {
    expect(MESSAGE_PHOTO_MAX_BYTES).toBe(contractPhotoMax);
    expect([...MESSAGE_PHOTO_UPLOAD_TYPES]).toEqual([...contractPhotoTypes]);
    expect(MessagingTexts.photoNotFound).toBe(serviceTexts.photoNotFound);
    expect(MessagingTexts.photoTooLarge).toBe(messagingRoutes.uploadPhoto.rawBody?.tooLargeMessage);
  });
});
