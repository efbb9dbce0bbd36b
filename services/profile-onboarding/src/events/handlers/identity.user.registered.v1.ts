import { UserRegistered } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { createProfileForNewMember } from '../../use-cases/member-lifecycle.ts';

/** A new account: create its profile (onboarding pending). A second delivery changes nothing. */
export const userRegisteredConsumer = defineConsumer({
  name: 'create-member-profile',
  event: UserRegistered,
  member: (event) => event.payload.userId,
  handle: (event, tx) => createProfileForNewMember(tx, event),
});
