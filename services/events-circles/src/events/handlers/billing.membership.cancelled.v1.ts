import { MembershipCancelled } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordMembership } from '../../use-cases/read-models.ts';

/** billing.membership.cancelled.v1: the membership's copy follows it (who may create, join and RSVP), unless newer news is recorded. */
export const membershipCancelledConsumer = defineConsumer({
  name: 'membership-cancelled',
  event: MembershipCancelled,
  member: (event) => event.payload.userId,
  handle: (event, tx) => recordMembership(tx, event),
});
