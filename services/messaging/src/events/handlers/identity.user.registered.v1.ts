import { UserRegistered } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordMemberProfile } from '../../use-cases/members.ts';

/** A new member: their name, for the conversation list and message notifications until their profile follows. */
export const userRegisteredConsumer = defineConsumer({
  name: 'member-registered',
  event: UserRegistered,
  member: (event) => event.payload.userId,
  handle: (event, tx) =>
    recordMemberProfile(tx, {
      userId: event.payload.userId,
      name: event.payload.name,
      imageUrl: null,
      occurredAt: event.occurredAt,
    }),
});
