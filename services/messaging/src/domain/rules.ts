import { MessagingTexts } from '@mer/contracts';

/** Rules of messaging without I/O (issue 17; spec 001 sections 3 and 4). */

/** A one-to-one conversation's pair, smaller id first: the key that makes the start race end in one row. */
export function orderedPair(a: string, b: string): { low: string; high: string } {
  return a < b ? { low: a, high: b } : { low: b, high: a };
}

/** What the consent rules know about a sender and a recipient. */
export interface ConsentFacts {
  /** Either of the two blocked the other (blocks are silent: the sender is not told who blocked whom). */
  blocked: boolean;
  /** The recipient chose 'Only my connections can message me'. */
  recipientOnlyConnections: boolean;
  connected: boolean;
}

/** Why the sender may not message the recipient (the error's message), or null when they may. */
export function consentRefusal(facts: ConsentFacts): string | null {
  if (facts.blocked) return MessagingTexts.cannotMessage;
  if (facts.recipientOnlyConnections && !facts.connected) return MessagingTexts.onlyConnections;
  return null;
}

/** The list item's name: the other member's, else the spec's defaults 'Group Chat' and 'Unknown'. */
export function participantName(isGroup: boolean, name: string | null | undefined): string {
  if (name) return name;
  return isGroup ? 'Group Chat' : 'Unknown';
}

/** The reactions of a message counted per reaction, most used first (ties by reaction for a stable order). */
export function countReactions(reactions: readonly string[]): { reaction: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of reactions) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts]
    .map(([reaction, count]) => ({ reaction, count }))
    .sort((a, b) => b.count - a.count || (a.reaction < b.reaction ? -1 : a.reaction > b.reaction ? 1 : 0));
}

/** 'Seen' on a message of the caller: the other member read up to it and shows read receipts. */
export function isSeen(sequence: number, seenUpTo: number | null): boolean {
  return seenUpTo !== null && sequence <= seenUpTo;
}
