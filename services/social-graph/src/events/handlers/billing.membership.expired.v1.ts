import { MembershipExpired } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordMembership } from '../../use-cases/members.ts';

/** billing's membership facts: connecting needs an active membership. */
export const membershipExpiredConsumer = defineConsumer({
  name: 'membership-expired',
  event: MembershipExpired,
  member: (event) => event.payload.userId,
  handle: (event, tx) => recordMembership(tx, event),
});
