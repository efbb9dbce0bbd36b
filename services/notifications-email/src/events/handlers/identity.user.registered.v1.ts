import { UserRegistered } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { queueSignUpEmails } from '../../use-cases/queue-identity-emails.ts';

/** A new member: queue the e-mail-confirmation link and the welcome e-mail. */
export const userRegisteredConsumer = defineConsumer({
  name: 'send-sign-up-emails',
  event: UserRegistered,
  // E-mails to different members need no order; handling several at once keeps sign-up bursts quick.
  ordered: false,
  // An event about a deleted member is dropped: it must not queue an e-mail to them.
  member: (event) => event.payload.userId,
  handle: (event, tx, deps) => queueSignUpEmails(deps, tx, event),
});
