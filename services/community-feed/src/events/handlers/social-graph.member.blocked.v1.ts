import { MemberBlocked } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordFilter } from '../../use-cases/read-models.ts';

/** A block: each member's content is hidden from the other. */
export const memberBlockedConsumer = defineConsumer({
  name: 'member-blocked',
  event: MemberBlocked,
  member: (event) => event.payload.blockerId,
  handle: (event, tx) =>
    recordFilter(tx, {
      userId: event.payload.blockerId,
      otherId: event.payload.blockedId,
      kind: 'block',
      active: true,
      occurredAt: event.occurredAt,
    }),
});
