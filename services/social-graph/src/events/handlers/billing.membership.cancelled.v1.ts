import { MembershipCancelled } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordMembership } from '../../use-cases/members.ts';

/** billing's membership facts: connecting needs an active membership. */
export const membershipCancelledConsumer = defineConsumer({
  name: 'membership-cancelled',
  event: MembershipCancelled,
  member: (event) => event.payload.userId,
  handle: (event, tx) => recordMembership(tx, event),
});
