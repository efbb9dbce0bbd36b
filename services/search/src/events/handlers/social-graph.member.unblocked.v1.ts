import { MemberUnblocked } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { blockChanged } from '../../use-cases/read-model.ts';

/** A block lifted (unless a later block of the pair is recorded). */
export const memberUnblockedConsumer = defineConsumer({
  name: 'member-unblocked',
  event: MemberUnblocked,
  handle: (event, tx) => blockChanged(tx, event),
});
