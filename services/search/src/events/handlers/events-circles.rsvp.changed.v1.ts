import { RsvpChanged } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { eventAttendanceCounted } from '../../use-cases/circles-and-events.ts';

/** How many are going to an event after an RSVP: its popularity. */
export const rsvpChangedConsumer = defineConsumer({
  name: 'rsvp-changed',
  event: RsvpChanged,
  handle: (event, tx) => eventAttendanceCounted(tx, event),
});
