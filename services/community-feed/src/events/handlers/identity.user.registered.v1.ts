import { UserRegistered } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { welcomeMember } from '../../use-cases/greetings.ts';

/** A new account: community-feed greets the member (the scaffold consumer: replace it with what the service keeps). */
export const userRegisteredConsumer = defineConsumer({
  name: 'welcome-member',
  event: UserRegistered,
  // About one member: the runtime holds their lock and drops the event if they were erased here already.
  member: (event) => event.payload.userId,
  handle: (event, tx, deps) => welcomeMember(deps, tx, event),
});
