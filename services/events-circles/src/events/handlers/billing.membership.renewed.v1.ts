import { MembershipRenewed } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordMembership } from '../../use-cases/read-models.ts';

/** billing.membership.renewed.v1: the membership's copy follows it (who may create, join and RSVP), unless newer news is recorded. */
export const membershipRenewedConsumer = defineConsumer({
  name: 'membership-renewed',
  event: MembershipRenewed,
  member: (event) => event.payload.userId,
  handle: (event, tx) => recordMembership(tx, event),
});
