import { ProfileCompleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { rememberProfile } from '../../use-cases/members.ts';

/** The name and photo notifications show for this member. */
export const profileCompletedConsumer = defineConsumer({
  name: 'remember-completed-profile',
  event: ProfileCompleted,
  member: (event) => event.payload.userId,
  handle: (event, tx) => rememberProfile(tx, event),
});
