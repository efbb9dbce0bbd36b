import { ConnectionRemoved } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { forgetConnectionRequest } from '../../use-cases/event-notifications.ts';

/** An ended connection (removed, blocked, deleted account): its request is no longer pending. */
export const connectionRemovedConsumer = defineConsumer({
  name: 'forget-removed-connection',
  event: ConnectionRemoved,
  handle: (event, tx) => forgetConnectionRequest(tx, event),
});
