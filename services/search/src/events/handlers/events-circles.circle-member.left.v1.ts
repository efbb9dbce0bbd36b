import { CircleMemberLeft } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { circleMembersCounted } from '../../use-cases/circles-and-events.ts';

/** A circle's member count after a member left: its popularity. */
export const circleMemberLeftConsumer = defineConsumer({
  name: 'circle-member-left',
  event: CircleMemberLeft,
  handle: (event, tx) => circleMembersCounted(tx, event),
});
