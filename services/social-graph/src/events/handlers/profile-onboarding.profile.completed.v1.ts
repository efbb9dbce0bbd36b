import { ProfileCompleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { profileChanged } from '../../use-cases/members.ts';

/** A member finished onboarding: their card joins discovery (unless they hid themselves). */
export const profileCompletedConsumer = defineConsumer({
  name: 'profile-completed',
  event: ProfileCompleted,
  member: (event) => event.payload.userId,
  handle: (event, tx) => profileChanged(tx, event),
});
