import { UserRegistered } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { rememberNewMember } from '../../use-cases/memberships.ts';

/** A new account: billing keeps its e-mail (checkouts, admin sync) and its invitation discount. */
export const userRegisteredConsumer = defineConsumer({
  name: 'remember-member',
  event: UserRegistered,
  member: (event) => event.payload.userId,
  handle: (event, tx) => rememberNewMember(tx, event),
});
