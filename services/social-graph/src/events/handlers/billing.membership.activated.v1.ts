import { MembershipActivated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordMembership } from '../../use-cases/members.ts';

/** billing's membership facts: connecting needs an active membership. */
export const membershipActivatedConsumer = defineConsumer({
  name: 'membership-activated',
  event: MembershipActivated,
  member: (event) => event.payload.userId,
  handle: (event, tx) => recordMembership(tx, event),
});
