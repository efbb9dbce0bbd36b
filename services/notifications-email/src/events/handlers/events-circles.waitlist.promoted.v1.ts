import { WaitlistPromoted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyWaitlistPromoted } from '../../use-cases/circle-notifications.ts';

/** Promoted from the waitlist: the member, now going, hears of it. */
export const waitlistPromotedConsumer = defineConsumer({
  name: 'notify-waitlist-promoted',
  event: WaitlistPromoted,
  member: (event) => event.payload.userId,
  handle: (event, tx, deps) => notifyWaitlistPromoted(deps, tx, event),
});
