import { MembershipPlanChanged } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordMembership } from '../../use-cases/members.ts';

/** billing's membership facts: connecting needs an active membership. */
export const membershipPlanChangedConsumer = defineConsumer({
  name: 'membership-plan-changed',
  event: MembershipPlanChanged,
  member: (event) => event.payload.userId,
  handle: (event, tx) => recordMembership(tx, event),
});
