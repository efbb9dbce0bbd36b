import { EmailChangeRequested } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { queueEmailChangeConfirmation } from '../../use-cases/queue-identity-emails.ts';

/** A member wants a new address: queue the confirmation link to that new address. */
export const emailChangeRequestedConsumer = defineConsumer({
  name: 'send-email-change-confirmation',
  event: EmailChangeRequested,
  ordered: false,
  // An event about a deleted member is dropped: it must not queue an e-mail to them.
  member: (event) => event.payload.userId,
  handle: (event, tx, deps) => queueEmailChangeConfirmation(deps, tx, event),
});
