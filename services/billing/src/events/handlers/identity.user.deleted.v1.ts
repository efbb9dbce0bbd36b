import { UserDeleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { forgetMember } from '../../use-cases/forget-member.ts';

/**
 * A deleted account: billing forgets the member's personal data, ends their memberships and has the payment provider
 * stop charging after the commit. The runtime keeps the tombstone, so a late event cannot bring the member back.
 */
export const userDeletedConsumer = defineConsumer({
  name: 'forget-member',
  event: UserDeleted,
  member: (event) => event.payload.userId,
  erasesMember: true,
  handle: (event, tx, deps) => forgetMember(deps, tx, event),
});
