import {
  SavedSearchMatched,
  type EventEnvelope,
  type EventPayload,
  type FeedPostCreated,
  type FeedPostUpdated,
  type FeedReactionAdded,
  type MemberBlocked,
  type MemberUnblocked,
  type ProfileCompleted,
  type ProfileUpdated,
  type SearchFilters,
  type UserDeleted,
} from '@mer/contracts';
import { sanitise } from '@mer/text-sanitiser';
import {
  addToLexicon,
  deleteBlocksOf,
  deleteDocument,
  deleteDocumentsOwnedBy,
  deleteMemberCity,
  markNotified,
  recordBlock,
  recordMemberCity,
  savedSearchesMatching,
  setPopularity,
  upsertDocument,
  type DocumentFacts,
} from '../db/documents.repository.ts';
import { deleteSearchesOf } from '../db/member-searches.repository.ts';
import type { SearchTx } from '../deps.ts';
import { indexWords } from '../domain/documents.ts';

/*
 * The read model, built only from other services' events. Each handler runs in the consumer's transaction (its
 * event id recorded there, so a redelivery changes nothing) and every row carries the source's time, so events
 * out of order leave the newest state and a deletion is final.
 */

/** Plain text of stored HTML (the feed stores sanitised HTML): tags removed, entities decoded. */
export function plainText(html: string): string {
  const result = sanitise(html, { maxLength: 100_000 });
  return result.ok ? result.value.replace(/\s+/g, ' ').trim() : '';
}

/** A post's title is its first words (posts have none of their own). */
function titleOf(text: string): string {
  if (text.length <= 80) return text;
  const cut = text.slice(0, 80);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40))}…`;
}

/** Writes an item and, when it just became findable, tells saved searches with notifications on (once per item). */
export async function indexDocument(tx: SearchTx, doc: DocumentFacts): Promise<void> {
  const { applied, newlyVisible } = await upsertDocument(tx.trx, doc);
  if (!applied) return;
  if (doc.visible) await addToLexicon(tx.trx, indexWords([doc.title, doc.description, doc.category]));
  if (!newlyVisible || doc.type === 'person') return;
  for (const saved of await savedSearchesMatching(tx.trx, doc.id)) {
    const types = (saved.filters as SearchFilters | null)?.types;
    if (types?.length && !types.includes(doc.type)) continue;
    if (!(await markNotified(tx.trx, saved.id, doc.id))) continue;
    await tx.publish(SavedSearchMatched, {
      memberId: saved.member_id,
      savedSearchId: saved.id,
      savedSearchName: saved.name,
      query: saved.query,
      item: { id: doc.id, type: doc.type, title: doc.title, url: doc.url },
      matchedAt: new Date().toISOString(),
    });
  }
}

export async function postChanged(
  tx: SearchTx,
  event:
    EventEnvelope<EventPayload<typeof FeedPostCreated>> | EventEnvelope<EventPayload<typeof FeedPostUpdated>>,
): Promise<void> {
  const p = event.payload;
  const text = plainText(p.content);
  const createdAt = 'createdAt' in p ? new Date(p.createdAt) : null;
  await indexDocument(tx, {
    id: p.postId,
    type: 'post',
    ownerId: p.authorId,
    title: titleOf(text),
    description: text,
    category: p.topic,
    location: null,
    imageUrl: null,
    url: `/community/post/${p.postId}`,
    startsAt: null,
    // An edit does not carry the creation time: the first event seen sets it (an edit seen first: its time).
    createdAt: createdAt ?? new Date(event.occurredAt),
    // Only public posts (visibility all) are searchable.
    visible: p.visibility === 'all' && text !== '',
    sourceAt: new Date('updatedAt' in p ? p.updatedAt : p.createdAt),
  });
}

export async function postDeleted(tx: SearchTx, postId: string, at: Date): Promise<void> {
  await deleteDocument(tx.trx, postId, 'post', at);
}

/**
 * A post's popularity is its number of reactions (the counts after the reaction, carried by the event, as of the
 * event's time).
 */
export async function postReactionsCounted(
  tx: SearchTx,
  event: EventEnvelope<Pick<EventPayload<typeof FeedReactionAdded>, 'postId' | 'reactionCounts'>>,
): Promise<void> {
  const { postId, reactionCounts } = event.payload;
  const total = Object.values(reactionCounts).reduce((a, b) => a + b, 0);
  await setPopularity(tx.trx, postId, total, new Date(event.occurredAt));
}

type ProfileEvent =
  EventEnvelope<EventPayload<typeof ProfileCompleted>> | EventEnvelope<EventPayload<typeof ProfileUpdated>>;

/**
 * A member's card: onboarded members who allow discovery ('Show me in people discovery'), their city only when
 * they share their location. Without the discovery part (older events) the privacy defaults apply.
 */
export async function profileChanged(tx: SearchTx, event: ProfileEvent): Promise<void> {
  const p = event.payload;
  const at = new Date('completedAt' in p ? p.completedAt : p.updatedAt);
  const locationShared = p.discovery?.locationSharing ?? true;
  await recordMemberCity(tx.trx, p.userId, p.location, at);
  await indexDocument(tx, {
    id: p.userId,
    type: 'person',
    ownerId: p.userId,
    title: p.name,
    description: [`@${p.username}`, ...p.interests].join(' · '),
    category: p.interests[0] ?? null,
    location: locationShared ? p.location : null,
    imageUrl: p.imageUrl,
    url: `/profile/${p.userId}`,
    startsAt: null,
    createdAt: at,
    visible: p.discovery?.showInDiscovery ?? true,
    sourceAt: at,
  });
}

export async function blockChanged(
  tx: SearchTx,
  event:
    EventEnvelope<EventPayload<typeof MemberBlocked>> | EventEnvelope<EventPayload<typeof MemberUnblocked>>,
): Promise<void> {
  const p = event.payload;
  const active = 'blockedAt' in p;
  await recordBlock(tx.trx, {
    blockerId: p.blockerId,
    blockedId: p.blockedId,
    active,
    at: new Date(active ? p.blockedAt : p.unblockedAt),
  });
}

/** A deleted account: their card and everything they own become tombstones; their searches go. */
export async function forgetMember(
  tx: SearchTx,
  event: EventEnvelope<EventPayload<typeof UserDeleted>>,
): Promise<void> {
  const memberId = event.payload.userId;
  const at = new Date(event.occurredAt);
  await deleteDocument(tx.trx, memberId, 'person', at);
  await deleteDocumentsOwnedBy(tx.trx, memberId, at);
  await deleteSearchesOf(tx.trx, memberId);
  await deleteBlocksOf(tx.trx, memberId);
  await deleteMemberCity(tx.trx, memberId);
}
