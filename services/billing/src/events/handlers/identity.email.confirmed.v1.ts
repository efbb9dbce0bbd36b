import { EmailConfirmed } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { rememberConfirmedEmail } from '../../use-cases/memberships.ts';

/** A confirmed e-mail (sign-up or change): billing's copy follows it (the admin sync looks members up by it). */
export const emailConfirmedConsumer = defineConsumer({
  name: 'update-member-email',
  event: EmailConfirmed,
  member: (event) => event.payload.userId,
  handle: (event, tx) => rememberConfirmedEmail(tx, event),
});
