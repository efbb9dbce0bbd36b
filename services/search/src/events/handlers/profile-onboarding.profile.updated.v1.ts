import { ProfileUpdated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { profileChanged } from '../../use-cases/read-model.ts';

/** A member changed their profile or privacy settings: their card follows. */
export const profileUpdatedConsumer = defineConsumer({
  name: 'profile-updated',
  event: ProfileUpdated,
  member: (event) => event.payload.userId,
  handle: (event, tx) => profileChanged(tx, event),
});
