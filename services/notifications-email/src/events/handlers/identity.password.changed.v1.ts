import { PasswordChanged } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { queuePasswordChangedNotice } from '../../use-cases/queue-identity-emails.ts';

/** The password changed: queue the short security notice. */
export const passwordChangedConsumer = defineConsumer({
  name: 'send-password-changed-notice',
  event: PasswordChanged,
  ordered: false,
  // An event about a deleted member is dropped: it must not queue an e-mail to them.
  member: (event) => event.payload.userId,
  handle: (event, tx, deps) => queuePasswordChangedNotice(deps, tx, event),
});
