import { UserDeleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { forgetMember } from '../../use-cases/forget-member.ts';

/**
 * A deleted account: events-circles erases the member's data. The runtime locks the member, runs the handler and
 * records the tombstone in the same transaction, so a late event cannot bring the member back.
 */
export const userDeletedConsumer = defineConsumer({
  name: 'forget-member',
  event: UserDeleted,
  member: (event) => event.payload.userId,
  erasesMember: true,
  handle: (event, tx, deps) => forgetMember(deps, tx, event),
});
