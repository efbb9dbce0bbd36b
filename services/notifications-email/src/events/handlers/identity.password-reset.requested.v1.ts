import { PasswordResetRequested } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { queuePasswordResetEmail } from '../../use-cases/queue-identity-emails.ts';

/** A reset was asked for: queue the e-mail with the one-time link. */
export const passwordResetRequestedConsumer = defineConsumer({
  name: 'send-password-reset-email',
  event: PasswordResetRequested,
  ordered: false,
  // An event about a deleted member is dropped: it must not queue an e-mail to them.
  member: (event) => event.payload.userId,
  handle: (event, tx, deps) => queuePasswordResetEmail(deps, tx, event),
});
