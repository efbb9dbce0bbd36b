import { OccurrenceUpdated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyOccurrenceUpdated } from '../../use-cases/circle-notifications.ts';

/** One meetup occurrence edited: its attendees. */
export const occurrenceUpdatedConsumer = defineConsumer({
  name: 'notify-occurrence-updated',
  event: OccurrenceUpdated,
  handle: (event, tx, deps) => notifyOccurrenceUpdated(deps, tx, event),
});
