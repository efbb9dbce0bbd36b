import { MembershipActivated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { countWeekly } from '../../use-cases/dashboard.ts';

/** A paid membership started: the dashboard's memberships per week. */
export const membershipActivatedConsumer = defineConsumer({
  name: 'membership-activated',
  event: MembershipActivated,
  member: (event) => event.payload.userId,
  handle: (event, tx) => countWeekly(tx, 'memberships', new Date(event.occurredAt)),
});
