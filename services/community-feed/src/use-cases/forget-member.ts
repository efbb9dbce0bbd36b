import type { EventEnvelope, EventPayload, UserDeleted } from '@mer/contracts';
import { deleteGreetingsOf } from '../db/greetings.repository.ts';
import type { CommunityFeedTx } from '../deps.ts';

/**
 * A deleted account: every row of the member goes. The runtime holds the member's lock and records the tombstone
 * in this same transaction, so no late event or racing request can bring the member's data back. Calls to the
 * outside world (a provider, a file store) never run here: queue them with `tx.afterCommit`.
 */
export async function forgetMember(
  tx: CommunityFeedTx,
  event: EventEnvelope<EventPayload<typeof UserDeleted>>,
): Promise<void> {
  await deleteGreetingsOf(tx.trx, event.payload.userId);
}
