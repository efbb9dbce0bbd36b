import { ProfileCompleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { profileChanged } from '../../use-cases/read-model.ts';

/** A member finished onboarding: their card becomes findable (unless they hid themselves from discovery). */
export const profileCompletedConsumer = defineConsumer({
  name: 'profile-completed',
  event: ProfileCompleted,
  member: (event) => event.payload.userId,
  handle: (event, tx) => profileChanged(tx, event),
});
