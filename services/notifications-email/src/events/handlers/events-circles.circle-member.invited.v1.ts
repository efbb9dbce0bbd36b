import { CircleMemberInvited } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyCircleInvitation } from '../../use-cases/circle-notifications.ts';

/** An invitation to a circle: the invited member's circle_invitation. */
export const circleMemberInvitedConsumer = defineConsumer({
  name: 'notify-circle-member-invited',
  event: CircleMemberInvited,
  member: (event) => event.payload.invitedUserId,
  handle: (event, tx, deps) => notifyCircleInvitation(deps, tx, event),
});
