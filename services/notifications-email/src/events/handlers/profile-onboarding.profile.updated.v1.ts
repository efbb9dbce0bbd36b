import { ProfileUpdated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { rememberProfile } from '../../use-cases/members.ts';

/** A changed name or photo: later notifications show it. */
export const profileUpdatedConsumer = defineConsumer({
  name: 'remember-updated-profile',
  event: ProfileUpdated,
  member: (event) => event.payload.userId,
  handle: (event, tx) => rememberProfile(tx, event),
});
