import { MemberMuted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordFilter } from '../../use-cases/read-models.ts';

/** A mute: the muted member's content is hidden from the muter only (never from or to the muted member). */
export const memberMutedConsumer = defineConsumer({
  name: 'member-muted',
  event: MemberMuted,
  member: (event) => event.payload.muterId,
  handle: (event, tx) =>
    recordFilter(tx, {
      userId: event.payload.muterId,
      otherId: event.payload.mutedId,
      kind: 'mute',
      active: true,
      occurredAt: event.occurredAt,
    }),
});
