import { ProfileCompleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordMemberProfile } from '../../use-cases/members.ts';

/** The member's public name and photo, shown in the other member's conversation list. */
export const profileCompletedConsumer = defineConsumer({
  name: 'profile-completed',
  event: ProfileCompleted,
  member: (event) => event.payload.userId,
  handle: (event, tx) =>
    recordMemberProfile(tx, {
      userId: event.payload.userId,
      name: event.payload.name,
      imageUrl: event.payload.imageUrl,
      occurredAt: event.occurredAt,
    }),
});
