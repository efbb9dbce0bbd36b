import { UserRegistered } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { memberRegistered } from '../../use-cases/members.ts';

/** A new account: the member exists in the read model (not discoverable until onboarding completes). */
export const userRegisteredConsumer = defineConsumer({
  name: 'member-registered',
  event: UserRegistered,
  member: (event) => event.payload.userId,
  handle: (event, tx) => memberRegistered(tx, event),
});
