import { ProfileUpdated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordProfile } from '../../use-cases/read-models.ts';

/** A member changed their profile: the copy follows (an older event handled late changes nothing). */
export const profileUpdatedConsumer = defineConsumer({
  name: 'profile-updated',
  event: ProfileUpdated,
  member: (event) => event.payload.userId,
  handle: (event, tx) => recordProfile(tx, event, false),
});
