import { MeetupUpdated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyMeetupChanged } from '../../use-cases/circle-notifications.ts';

/** A meetup series edited: the attendees of its future occurrences. */
export const meetupUpdatedConsumer = defineConsumer({
  name: 'notify-meetup-updated',
  event: MeetupUpdated,
  handle: (event, tx, deps) => notifyMeetupChanged(deps, tx, event),
});
