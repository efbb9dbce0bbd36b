import { ProfileCompleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordProfile } from '../../use-cases/read-models.ts';

/** A member completed onboarding: they are in the members copy (names, photos) and onboarded. */
export const profileCompletedConsumer = defineConsumer({
  name: 'profile-completed',
  event: ProfileCompleted,
  member: (event) => event.payload.userId,
  handle: (event, tx) => recordProfile(tx, event, true),
});
