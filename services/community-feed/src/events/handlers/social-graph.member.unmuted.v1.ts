import { MemberUnmuted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordFilter } from '../../use-cases/read-models.ts';

/** A mute lifted: the content shows again to the muter. */
export const memberUnmutedConsumer = defineConsumer({
  name: 'member-unmuted',
  event: MemberUnmuted,
  member: (event) => event.payload.muterId,
  handle: (event, tx) =>
    recordFilter(tx, {
      userId: event.payload.muterId,
      otherId: event.payload.mutedId,
      kind: 'mute',
      active: false,
      occurredAt: event.occurredAt,
    }),
});
