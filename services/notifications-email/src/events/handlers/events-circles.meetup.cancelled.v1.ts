import { MeetupCancelled } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyMeetupChanged } from '../../use-cases/circle-notifications.ts';

/** A meetup series cancelled: the attendees of its future occurrences. */
export const meetupCancelledConsumer = defineConsumer({
  name: 'notify-meetup-cancelled',
  event: MeetupCancelled,
  handle: (event, tx, deps) => notifyMeetupChanged(deps, tx, event),
});
