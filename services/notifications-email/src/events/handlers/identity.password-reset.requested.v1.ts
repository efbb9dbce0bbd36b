import { PasswordResetRequested } from '@mer/contracts';
import { defineConsumer } from '@mer/service-runtime';
import { queuePasswordResetEmail, type EmailSettings } from '../../use-cases/queue-identity-emails.ts';

/** A reset was asked for: queue the e-mail with the one-time link. */
export const passwordResetRequestedConsumer = (settings: () => EmailSettings) =>
  defineConsumer({
    name: 'send-password-reset-email',
    event: PasswordResetRequested,
    ordered: false,
    handle: (event, tx) => queuePasswordResetEmail(tx, settings(), event),
  });
