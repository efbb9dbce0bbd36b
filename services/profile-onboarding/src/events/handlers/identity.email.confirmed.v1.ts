import { EmailConfirmed } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordConfirmedEmail } from '../../use-cases/member-lifecycle.ts';

/** A confirmed e-mail (sign-up or change): the profile's copy of the address follows it. */
export const emailConfirmedConsumer = defineConsumer({
  name: 'update-member-email',
  event: EmailConfirmed,
  member: (event) => event.payload.userId,
  handle: (event, tx) => recordConfirmedEmail(tx, event),
});
