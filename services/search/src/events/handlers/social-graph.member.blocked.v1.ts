import { MemberBlocked } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { blockChanged } from '../../use-cases/read-model.ts';

/** A block: the two members no longer find each other or each other's items. */
export const memberBlockedConsumer = defineConsumer({
  name: 'member-blocked',
  event: MemberBlocked,
  handle: (event, tx) => blockChanged(tx, event),
});
