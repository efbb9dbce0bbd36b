import { EmailConfirmed } from '@mer/contracts';
import { defineConsumer } from '@mer/service-runtime';
import { rememberConfirmedEmail } from '../../use-cases/memberships.ts';

/** A confirmed e-mail (sign-up or change): billing's copy follows it (the admin sync looks members up by it). */
export const emailConfirmedConsumer = defineConsumer({
  name: 'update-member-email',
  event: EmailConfirmed,
  handle: (event, tx) => rememberConfirmedEmail(tx, event),
});
