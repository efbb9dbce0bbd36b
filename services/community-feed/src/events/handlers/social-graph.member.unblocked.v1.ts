import { MemberUnblocked } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordFilter } from '../../use-cases/read-models.ts';

/** A block lifted: the content shows again. */
export const memberUnblockedConsumer = defineConsumer({
  name: 'member-unblocked',
  event: MemberUnblocked,
  member: (event) => event.payload.blockerId,
  handle: (event, tx) =>
    recordFilter(tx, {
      userId: event.payload.blockerId,
      otherId: event.payload.blockedId,
      kind: 'block',
      active: false,
      occurredAt: event.occurredAt,
    }),
});
