import { MembershipExpired } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordMembership } from '../../use-cases/read-models.ts';

/** billing.membership.expired.v1: the membership's copy follows it (who may create, join and RSVP), unless newer news is recorded. */
export const membershipExpiredConsumer = defineConsumer({
  name: 'membership-expired',
  event: MembershipExpired,
  member: (event) => event.payload.userId,
  handle: (event, tx) => recordMembership(tx, event),
});
