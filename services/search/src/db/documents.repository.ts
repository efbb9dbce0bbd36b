import { sql, type SqlBool } from 'kysely';
import type { DocumentType, SearchDb } from './tables.ts';

/*
 * The read model's writes. Every change carries the source's time of the fact (`sourceAt`): a row only moves
 * forward, so events delivered twice or out of order leave the newest state. A deleted item keeps a tombstone row
 * (its text erased) so that no late event brings it back.
 */

export interface DocumentFacts {
  id: string;
  type: DocumentType;
  ownerId: string | null;
  title: string;
  description: string;
  category: string | null;
  location: string | null;
  imageUrl: string | null;
  url: string;
  startsAt: Date | null;
  createdAt: Date;
  visible: boolean;
  sourceAt: Date;
}

/**
 * Writes the item unless a newer fact or its deletion is already recorded. Answers whether it is findable now
 * and was not before (a new match for saved searches).
 */
export async function upsertDocument(
  db: SearchDb,
  doc: DocumentFacts,
): Promise<{ applied: boolean; newlyVisible: boolean }> {
  const before = await db
    .selectFrom('documents')
    .select(['visible', 'deleted_at', 'source_at'])
    .where('id', '=', doc.id)
    .forUpdate()
    .executeTakeFirst();
  if (before && (before.deleted_at !== null || before.source_at >= doc.sourceAt)) {
    return { applied: false, newlyVisible: false };
  }
  const values = {
    id: doc.id,
    type: doc.type,
    owner_id: doc.ownerId,
    title: doc.title,
    description: doc.description,
    category: doc.category,
    location: doc.location,
    image_url: doc.imageUrl,
    url: doc.url,
    starts_at: doc.startsAt,
    created_at: doc.createdAt,
    visible: doc.visible,
    source_at: doc.sourceAt,
    deleted_at: null,
  };
  // The creation time stays the first one seen: an edit is not a new item.
  const { created_at: _createdAt, ...changes } = values;
  if (before) await db.updateTable('documents').set(changes).where('id', '=', doc.id).execute();
  else
    await db
      .insertInto('documents')
      // A count handled before the item itself is waiting for it.
      .values({
        ...values,
        popularity: sql<number>`coalesce((${db
          .selectFrom('popularity_counts')
          .select('popularity')
          .where('id', '=', doc.id)}), 0)`,
      })
      .execute();
  return { applied: true, newlyVisible: doc.visible && !before?.visible };
}

/** Deletion wins over everything: the text goes, the tombstone stays. */
export async function deleteDocument(db: SearchDb, id: string, type: DocumentType, at: Date): Promise<void> {
  await db
    .insertInto('documents')
    .values({
      id,
      type,
      owner_id: null,
      title: '',
      description: '',
      url: '',
      created_at: at,
      visible: false,
      source_at: at,
      deleted_at: at,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        title: '',
        description: '',
        category: null,
        location: null,
        image_url: null,
        visible: false,
        deleted_at: sql`coalesce(documents.deleted_at, excluded.deleted_at)`,
      }),
    )
    .execute();
}

/** Everything a deleted member owned, and their own card, becomes a tombstone. */
export async function deleteDocumentsOwnedBy(db: SearchDb, memberId: string, at: Date): Promise<void> {
  await db
    .updateTable('documents')
    .set({
      title: '',
      description: '',
      category: null,
      location: null,
      image_url: null,
      visible: false,
      deleted_at: at,
    })
    .where('owner_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * An item's count as of `countedAt`, unless a newer count is kept already. Kept also when the item is not indexed
 * yet: upsertDocument takes it when the item arrives.
 */
export async function setPopularity(
  db: SearchDb,
  id: string,
  popularity: number,
  countedAt: Date,
): Promise<void> {
  const newest = await db
    .insertInto('popularity_counts')
    .values({ id, popularity, counted_at: countedAt })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ popularity, counted_at: countedAt })
        .where('popularity_counts.counted_at', '<=', countedAt),
    )
    .returning('id')
    .executeTakeFirst();
  if (!newest) return;
  await db
    .updateTable('documents')
    .set({ popularity })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function addToLexicon(db: SearchDb, words: readonly string[]): Promise<void> {
  if (!words.length) return;
  await db
    .insertInto('lexicon')
    .values(words.map((word) => ({ word })))
    .onConflict((oc) => oc.column('word').doNothing())
    .execute();
}

/** A block or its lifting, unless a later one of the same pair is recorded. */
export async function recordBlock(
  db: SearchDb,
  block: { blockerId: string; blockedId: string; active: boolean; at: Date },
): Promise<void> {
  await db
    .insertInto('blocks')
    .values({
      blocker_id: block.blockerId,
      blocked_id: block.blockedId,
      active: block.active,
      source_at: block.at,
    })
    .onConflict((oc) =>
      oc
        .columns(['blocker_id', 'blocked_id'])
        .doUpdateSet({ active: block.active, source_at: block.at })
        .where('blocks.source_at', '<', block.at),
    )
    .execute();
}

export async function deleteBlocksOf(db: SearchDb, memberId: string): Promise<void> {
  await db
    .deleteFrom('blocks')
    .where((eb) => eb.or([eb('blocker_id', '=', memberId), eb('blocked_id', '=', memberId)]))
    .execute();
}

/** Saved searches with notifications on whose query the item matches (not the owner's own, not across a block). */
export async function savedSearchesMatching(
  db: SearchDb,
  documentId: string,
): Promise<{ id: string; member_id: string; name: string; query: string; filters: unknown }[]> {
  return db
    .selectFrom('saved_searches as s')
    .innerJoin('documents as d', (join) => join.on('d.id', '=', documentId))
    .select(['s.id', 's.member_id', 's.name', 's.query', 's.filters'])
    .where('s.notifications_enabled', '=', true)
    .where(sql<SqlBool>`s.member_id is distinct from d.owner_id`)
    .where(
      sql<SqlBool>`d.search @@ (plainto_tsquery('english', s.query) || plainto_tsquery('simple', s.query))`,
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('blocks as b')
            .select(sql`1`.as('one'))
            .where('b.active', '=', true)
            .where((eb) =>
              eb.or([
                eb.and([
                  eb('b.blocker_id', '=', eb.ref('s.member_id')),
                  eb('b.blocked_id', '=', eb.ref('d.owner_id')),
                ]),
                eb.and([
                  eb('b.blocked_id', '=', eb.ref('s.member_id')),
                  eb('b.blocker_id', '=', eb.ref('d.owner_id')),
                ]),
              ]),
            ),
        ),
      ),
    )
    .execute();
}

/** Records that a saved search told its member about an item; false when it already had (once per item). */
export async function markNotified(
  db: SearchDb,
  savedSearchId: string,
  documentId: string,
): Promise<boolean> {
  const row = await db
    .insertInto('saved_search_notified')
    .values({ saved_search_id: savedSearchId, document_id: documentId })
    .onConflict((oc) => oc.columns(['saved_search_id', 'document_id']).doNothing())
    .returning('document_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The read model's tables a rebuild starts again from (the member's own history and saved searches stay). */
export async function clearReadModel(db: SearchDb): Promise<void> {
  await db.deleteFrom('documents').execute();
  await db.deleteFrom('popularity_counts').execute();
  await db.deleteFrom('lexicon').execute();
  await db.deleteFrom('blocks').execute();
}

export async function startRebuild(db: SearchDb): Promise<{ generation: number; startedAt: Date }> {
  const row = await db
    .insertInto('rebuilds')
    .defaultValues()
    .returning(['generation', 'started_at'])
    .executeTakeFirstOrThrow();
  return { generation: row.generation, startedAt: row.started_at };
}

export async function recordMemberCity(
  db: SearchDb,
  memberId: string,
  city: string | null,
  at: Date,
): Promise<void> {
  await db
    .insertInto('member_cities')
    .values({ member_id: memberId, city, source_at: at })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({ city, source_at: at }).where('member_cities.source_at', '<', at),
    )
    .execute();
}

export async function memberCity(db: SearchDb, memberId: string): Promise<string | null> {
  const row = await db
    .selectFrom('member_cities')
    .select('city')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.city ?? null;
}

export async function deleteMemberCity(db: SearchDb, memberId: string): Promise<void> {
  await db.deleteFrom('member_cities').where('member_id', '=', memberId).execute();
}

/** An item no longer findable (a circle or event rejected), unless a newer fact of it is recorded. */
export async function hideDocument(db: SearchDb, id: string, at: Date): Promise<void> {
  await db
    .updateTable('documents')
    .set({ visible: false, source_at: at })
    .where('id', '=', id)
    .where('source_at', '<', at)
    .execute();
}
