import { MembershipRenewed } from '@mer/contracts';
import { defineConsumer } from '@mer/service-runtime';
import { recordMembership } from '../../use-cases/member-status.ts';

/** billing.membership.renewed.v1: the membership's copy follows it (InnerCircle badge), unless newer news is recorded. */
export const membershipRenewedConsumer = defineConsumer({
  name: 'membership-renewed',
  event: MembershipRenewed,
  handle: (event, tx) => recordMembership(tx, event),
});
