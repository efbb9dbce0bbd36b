import { CircleMemberJoined } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { circleMembersCounted } from '../../use-cases/circles-and-events.ts';

/** A circle's member count after a member joined: its popularity. */
export const circleMemberJoinedConsumer = defineConsumer({
  name: 'circle-member-joined',
  event: CircleMemberJoined,
  handle: (event, tx) => circleMembersCounted(tx, event),
});
