import { ConnectionRemoved } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordConnection } from '../../use-cases/read-models.ts';

/** A connection ended (removed, blocked or deleted): attendee lists stop putting them first. */
export const connectionRemovedConsumer = defineConsumer({
  name: 'connection-removed',
  event: ConnectionRemoved,
  member: (event) => event.payload.senderId,
  handle: (event, tx) => recordConnection(tx, event, false),
});
