import { MemberUnblocked } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordUnblock } from '../../use-cases/members.ts';

/** A block lifted: messaging is possible again (subject to the recipient's settings). */
export const memberUnblockedConsumer = defineConsumer({
  name: 'member-unblocked',
  event: MemberUnblocked,
  member: (event) => event.payload.blockerId,
  handle: (event, tx) => recordUnblock(tx, event),
});
