import { MemberBlocked } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordBlock } from '../../use-cases/members.ts';

/** A block: the two members can no longer message each other (either direction) while it lasts. */
export const memberBlockedConsumer = defineConsumer({
  name: 'member-blocked',
  event: MemberBlocked,
  member: (event) => event.payload.blockerId,
  handle: (event, tx) => recordBlock(tx, event),
});
