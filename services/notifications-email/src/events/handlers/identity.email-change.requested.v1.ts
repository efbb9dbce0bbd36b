import { EmailChangeRequested } from '@mer/contracts';
import { defineConsumer } from '@mer/service-runtime';
import { queueEmailChangeConfirmation, type EmailSettings } from '../../use-cases/queue-identity-emails.ts';

/** A member wants a new address: queue the confirmation link to that new address. */
export const emailChangeRequestedConsumer = (settings: () => EmailSettings) =>
  defineConsumer({
    name: 'send-email-change-confirmation',
    event: EmailChangeRequested,
    ordered: false,
    handle: (event, tx) => queueEmailChangeConfirmation(tx, settings(), event),
  });
