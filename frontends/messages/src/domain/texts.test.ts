import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH as contractMax, MessagingTexts as serviceTexts } from '@mer/contracts';
import { MESSAGE_MAX_LENGTH, MessagingTexts } from './texts.ts';

describe('messages texts', () => {
  it('keeps the message length limit and the deleted mark the service uses', () => {
    expect(MESSAGE_MAX_LENGTH).toBe(contractMax);
    expect(MessagingTexts.deleted).toBe(serviceTexts.messageDeleted);
  });
});
