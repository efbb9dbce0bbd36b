import { ConnectionRequestEmailSent } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { connectionEmailSent } from '../../use-cases/members.ts';

/** The connection-request e-mail went out: email_sent flips from false to true. */
export const connectionRequestEmailSentConsumer = defineConsumer({
  name: 'connection-request-email-sent',
  event: ConnectionRequestEmailSent,
  handle: (event, tx) => connectionEmailSent(tx, event),
});
