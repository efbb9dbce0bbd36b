import { ConnectionRemoved } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordConnectionRemoved } from '../../use-cases/members.ts';

/** A connection ended (removed, a block, an account deletion). */
export const connectionRemovedConsumer = defineConsumer({
  name: 'connection-removed',
  event: ConnectionRemoved,
  handle: (event, tx) => recordConnectionRemoved(tx, event),
});
