import { EmailConfirmed } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { rememberConfirmedEmail } from '../../use-cases/members.ts';

/** A confirmed address is where the member's e-mails go from now on. */
export const emailConfirmedConsumer = defineConsumer({
  name: 'remember-confirmed-email',
  event: EmailConfirmed,
  member: (event) => event.payload.userId,
  handle: (event, tx) => rememberConfirmedEmail(tx, event),
});
