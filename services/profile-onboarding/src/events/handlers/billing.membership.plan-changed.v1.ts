import { MembershipPlanChanged } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordMembership } from '../../use-cases/member-status.ts';

/**
 * billing.membership.plan-changed.v1: an upgrade to or downgrade from InnerCircle Membership moves the
 * badge with it. The same membership keeps its expiry, so the later announcement (occurredAt) wins.
 */
export const membershipPlanChangedConsumer = defineConsumer({
  name: 'membership-plan-changed',
  event: MembershipPlanChanged,
  member: (event) => event.payload.userId,
  handle: (event, tx) => recordMembership(tx, event),
});
