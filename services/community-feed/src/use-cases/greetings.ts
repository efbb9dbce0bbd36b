import { randomUUID } from 'node:crypto';
import { authenticationError } from '@mer/service-runtime';
import {
  CommunityFeedGreetingRecorded,
  type EventEnvelope,
  type EventPayload,
  type CommunityFeedGreeting,
  type UserRegistered,
} from '@mer/contracts';
import { insertGreeting, listGreetingsOf } from '../db/greetings.repository.ts';
import type { GreetingRow } from '../db/tables.ts';
import type { CommunityFeedDeps, CommunityFeedTx } from '../deps.ts';
import { composeGreeting } from '../domain/greeting.ts';

/**
 * The member greets someone. The row and its event are written in one transaction (the event goes to the outbox
 * and is relayed after commit), so a crash can never keep one without the other. The member's lock is held while
 * writing: a deletion of the account being handled at the same moment either runs first (and the greeting is
 * refused) or waits for this one and erases it too.
 */
export async function greet(
  deps: CommunityFeedDeps,
  memberId: string,
  to: string,
): Promise<CommunityFeedGreeting> {
  const greeting = composeGreeting(deps.config.GREETING, to);
  const row = await deps.transaction(async (tx) => {
    await tx.members.lock(memberId);
    if (await tx.members.isErased(memberId)) throw authenticationError();
    return recordGreeting(tx, memberId, greeting);
  });
  return toGreeting(row);
}

export async function listMyGreetings(
  deps: CommunityFeedDeps,
  memberId: string,
): Promise<{ greetings: CommunityFeedGreeting[] }> {
  return { greetings: (await listGreetingsOf(deps.db, memberId)).map(toGreeting) };
}

/**
 * A new member is greeted by the service itself. Runs in the consumer's transaction, which already holds the
 * member's lock and dropped the event if the member was erased here.
 */
export async function welcomeMember(
  deps: CommunityFeedDeps,
  tx: CommunityFeedTx,
  event: EventEnvelope<EventPayload<typeof UserRegistered>>,
): Promise<void> {
  const greeting = composeGreeting(deps.config.GREETING, event.payload.name);
  await recordGreeting(tx, event.payload.userId, greeting);
}

async function recordGreeting(
  tx: CommunityFeedTx,
  memberId: string,
  greeting: { recipient: string; message: string },
): Promise<GreetingRow> {
  const row = await insertGreeting(tx.trx, { id: randomUUID(), memberId, ...greeting });
  await tx.publish(CommunityFeedGreetingRecorded, { greetingId: row.id, memberId });
  return row;
}

function toGreeting(row: GreetingRow): CommunityFeedGreeting {
  return { id: row.id, to: row.recipient, message: row.message, greetedAt: row.greeted_at.toISOString() };
}
