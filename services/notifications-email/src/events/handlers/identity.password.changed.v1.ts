import { PasswordChanged } from '@mer/contracts';
import { defineConsumer } from '@mer/service-runtime';
import { queuePasswordChangedNotice, type EmailSettings } from '../../use-cases/queue-identity-emails.ts';

/** The password changed: queue the short security notice. */
export const passwordChangedConsumer = (settings: () => EmailSettings) =>
  defineConsumer({
    name: 'send-password-changed-notice',
    event: PasswordChanged,
    ordered: false,
    handle: (event, tx) => queuePasswordChangedNotice(tx, settings(), event),
  });
