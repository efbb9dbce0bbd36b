import { MembershipCancelled } from '@mer/contracts';
import { defineConsumer } from '@mer/service-runtime';
import { recordMembership } from '../../use-cases/member-status.ts';

/** billing.membership.cancelled.v1: the membership's copy follows it (InnerCircle badge), unless newer news is recorded. */
export const membershipCancelledConsumer = defineConsumer({
  name: 'membership-cancelled',
  event: MembershipCancelled,
  handle: (event, tx) => recordMembership(tx, event),
});
