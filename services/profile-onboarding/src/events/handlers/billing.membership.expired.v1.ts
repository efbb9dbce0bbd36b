import { MembershipExpired } from '@mer/contracts';
import { defineConsumer } from '@mer/service-runtime';
import { recordMembership } from '../../use-cases/member-status.ts';

/** billing.membership.expired.v1: the membership's copy follows it (InnerCircle badge), unless newer news is recorded. */
export const membershipExpiredConsumer = defineConsumer({
  name: 'membership-expired',
  event: MembershipExpired,
  handle: (event, tx) => recordMembership(tx, event),
});
