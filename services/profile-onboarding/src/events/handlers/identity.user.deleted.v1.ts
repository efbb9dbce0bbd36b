import { UserDeleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { eraseMember } from '../../use-cases/member-lifecycle.ts';

/**
 * A deleted account: erase the member here. The runtime holds the member's lock while the handler deletes their
 * rows and records the tombstone in the same transaction, so no late event about them brings anything back.
 */
export const userDeletedConsumer = defineConsumer({
  name: 'delete-member-profile',
  event: UserDeleted,
  member: (event) => event.payload.userId,
  erasesMember: true,
  handle: (event, tx) => eraseMember(tx, event.payload.userId),
});
