import { UserRegistered } from '@mer/contracts';
import { defineConsumer } from '@mer/service-runtime';
import { queueSignUpEmails, type EmailSettings } from '../../use-cases/queue-identity-emails.ts';

/** A new member: queue the e-mail-confirmation link and the welcome e-mail. */
export const userRegisteredConsumer = (settings: () => EmailSettings) =>
  defineConsumer({
    name: 'send-sign-up-emails',
    event: UserRegistered,
    // E-mails to different members need no order; handling several at once keeps sign-up bursts quick.
    ordered: false,
    handle: (event, tx) => queueSignUpEmails(tx, settings(), event),
  });
