import { WaitingListInvited } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { queueWaitingListInvitation } from '../../use-cases/queue-identity-emails.ts';

/** An admin invited someone from the waiting list: queue the e-mail with their fresh invitation code. */
export const waitingListInvitedConsumer = defineConsumer({
  name: 'send-waiting-list-invitation',
  event: WaitingListInvited,
  ordered: false,
  handle: (event, tx, deps) => queueWaitingListInvitation(deps, tx, event),
});
