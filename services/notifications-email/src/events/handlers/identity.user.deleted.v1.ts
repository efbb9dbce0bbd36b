import { UserDeleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { forgetMember } from '../../use-cases/queue-identity-emails.ts';

/**
 * An account was deleted: remove that member's e-mails, queued or sent. The runtime holds the
 * member's lock and records the tombstone in the same transaction, so no later event queues one again.
 */
export const userDeletedConsumer = defineConsumer({
  name: 'forget-deleted-member',
  event: UserDeleted,
  member: (event) => event.payload.userId,
  erasesMember: true,
  handle: (event, tx) => forgetMember(tx, event),
});
