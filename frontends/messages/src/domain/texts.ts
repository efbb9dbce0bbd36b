/** The product's words on the messages pages (spec 001 section 8, and the service's refusals). */
export const MessagingTexts = {
  failedToSend: 'Failed to send message',
  failedToCreate: 'Failed to create conversation',
  deleted: 'This message was deleted.',
  edited: 'edited',
  seen: 'Seen',
} as const;

/**
 * The longest message, in characters (contracts' MESSAGE_MAX_LENGTH; repeated here because importing a value
 * from contracts' http modules would bring TypeBox into the bundle; domain/texts.test.ts keeps them equal).
 */
export const MESSAGE_MAX_LENGTH = 4000;
