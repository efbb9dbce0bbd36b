import { UserDeleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { forgetMember } from '../../use-cases/read-model.ts';

/**
 * A deleted account: the member is never found again, nor anything they owned, and their searches go. The runtime
 * records the tombstone in the same transaction, so a late event cannot bring the member back.
 */
export const userDeletedConsumer = defineConsumer({
  name: 'forget-member',
  event: UserDeleted,
  member: (event) => event.payload.userId,
  erasesMember: true,
  handle: (event, tx) => forgetMember(tx, event),
});
