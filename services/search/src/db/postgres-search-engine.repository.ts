import { sql, type Expression, type SqlBool } from 'kysely';
import type { SearchResultType } from '@mer/contracts';
import type { Candidate, CandidateQuery, SearchEngine } from '../domain/search-engine.ts';
import type { SearchDb } from './tables.ts';

/*
 * The PostgreSQL search engine: full-text search (a tsvector with title, description, category and location
 * weighted A to D, in the english and simple configurations) for candidates, pg_trgm for spelling corrections and
 * title suggestions. Everything lives in the service's own schema, and the same SQL runs on PGlite.
 */

type TsQuery = ReturnType<typeof sql<string>>;

/** How many matches are read per candidate kept (then ordered by date or popularity): a bounded read. */
const MATCHES_PER_CANDIDATE = 10;
const MIN_MATCHES_READ = 500;

/** One alternative (a word or a phrase) as a tsquery, stemmed (english) or exact (simple). */
const phrase = (text: string): TsQuery =>
  sql<string>`(phraseto_tsquery('english', ${text}) || phraseto_tsquery('simple', ${text}))`;

function tsQuery(query: CandidateQuery): TsQuery | null {
  const groups = query.groups.filter((g) => g.length > 0).map((g) => g.map(phrase));
  if (query.prefix) {
    const prefix = sql<string>`to_tsquery('simple', ${`${query.prefix}:*`})`;
    if (groups.length) groups[groups.length - 1]!.push(prefix);
    else groups.push([prefix]);
  }
  if (!groups.length) return null;
  const ors = groups.map((alternatives) => sql<string>`(${sql.join(alternatives, sql` || `)})`);
  return sql<string>`(${sql.join(ors, query.matchAny ? sql` || ` : sql` && `)})`;
}

export function createPostgresSearchEngine(db: SearchDb): SearchEngine {
  return {
    async candidates(query) {
      const tsq = tsQuery(query);
      if (!tsq) return [];
      // Plain search (every word must match: usually few matches) reads them in a transaction that turns off
      // sequential and plain index scans: the planner would rather read the table in order and stop at the limit,
      // which for a rare word means testing every row; the GIN bitmap reads only matches. AI search (any of many
      // terms: dense matches) is the opposite case, where walking the newest rows finds enough at once, so the
      // planner keeps its choice there.
      const rows = await db.transaction().execute(async (trx) => {
        if (!query.matchAny)
          await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(
            trx,
          );
        let select = trx
          .selectFrom('documents as d')
          .select([
            'd.id',
            'd.type',
            'd.title',
            'd.description',
            'd.category',
            'd.location',
            'd.image_url',
            'd.url',
            'd.starts_at',
            'd.created_at',
            'd.popularity',
          ])
          .where('d.visible', '=', true)
          .where('d.deleted_at', 'is', null)
          .where('d.type', '=', query.type)
          .where(sql<SqlBool>`d.search @@ ${tsq}`)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('blocks as b')
                  .select(sql`1`.as('one'))
                  .where('b.active', '=', true)
                  .where((eb) =>
                    eb.or([
                      eb.and([
                        eb('b.blocker_id', '=', query.viewerId),
                        eb('b.blocked_id', '=', eb.ref('d.owner_id')),
                      ]),
                      eb.and([
                        eb('b.blocked_id', '=', query.viewerId),
                        eb('b.blocker_id', '=', eb.ref('d.owner_id')),
                      ]),
                    ]),
                  ),
              ),
            ),
          );
        if (query.locations.length) {
          const patterns = query.locations.map((l) => `%${l.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
          select = select.where(sql<SqlBool>`d.location ilike any (${sql.val(patterns)}::text[])`);
        }
        if (query.categories.length) {
          const categories = query.categories.map((c) => c.toLowerCase());
          select = select.where(sql<SqlBool>`lower(d.category) = any (${sql.val(categories)}::text[])`);
        }
        const when: Expression<Date> = sql<Date>`coalesce(d.starts_at, d.created_at)`;
        if (query.from) select = select.where(when, '>=', query.from);
        if (query.to) select = select.where(when, '<=', query.to);
        // The matches are read through the GIN index first, a bounded number of them, and only then ordered.
        // Ordering in the same query lets the planner walk the created_at index and test every row's tsvector, which
        // reads the whole table for a rare or misspelt word (seconds at a million posts).
        if (query.matchAny) {
          const newest =
            query.sortBy === 'popularity'
              ? select.orderBy('d.popularity', 'desc').orderBy('d.created_at', 'desc')
              : query.sortBy === 'date'
                ? select.orderBy(when, 'desc')
                : select.orderBy('d.created_at', 'desc');
          return newest.limit(query.limit).execute();
        }
        const matches = select.limit(Math.max(query.limit * MATCHES_PER_CANDIDATE, MIN_MATCHES_READ)).as('m');
        const ordered = trx.selectFrom(matches).selectAll();
        const sorted =
          query.sortBy === 'popularity'
            ? ordered.orderBy('m.popularity', 'desc').orderBy('m.created_at', 'desc')
            : query.sortBy === 'date'
              ? ordered.orderBy(sql`coalesce(m.starts_at, m.created_at)`, 'desc')
              : ordered.orderBy('m.created_at', 'desc');
        return sorted.limit(query.limit).execute();
      });
      return rows.map((r): Candidate => ({
        id: r.id,
        type: r.type,
        title: r.title,
        description: r.description,
        category: r.category,
        location: r.location,
        imageUrl: r.image_url,
        url: r.url,
        startsAt: r.starts_at,
        createdAt: r.created_at,
        popularity: r.popularity,
      }));
    },

    async nearestWords(words, limit) {
      if (!words.length) return new Map();
      // Query builder only (no raw table names): the embedded topology qualifies tables through Kysely.
      const known = await db
        .selectFrom('lexicon')
        .select('word')
        .where('word', 'in', [...words])
        .execute();
      const knownSet = new Set(known.map((r) => r.word));
      const unknown = [...new Set(words)].filter((w) => !knownSet.has(w));
      const nearest = await Promise.all(
        unknown.map(async (word) => {
          const rows = await db
            .selectFrom('lexicon')
            .select('word')
            .orderBy(sql`word <-> ${word}`)
            .limit(limit)
            .execute();
          return [word, rows.map((r) => r.word)] as const;
        }),
      );
      return new Map(nearest);
    },

    async titlesLike(text, viewerId, limit) {
      const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .selectFrom('documents as d')
        .select(['d.title', 'd.type'])
        .where('d.visible', '=', true)
        .where('d.deleted_at', 'is', null)
        .where('d.type', 'in', ['circle', 'event', 'person'] as SearchResultType[])
        .where(sql<SqlBool>`lower(d.title) like ${pattern}`)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('blocks as b')
                .select(sql`1`.as('one'))
                .where('b.active', '=', true)
                .where((eb) =>
                  eb.or([
                    eb.and([
                      eb('b.blocker_id', '=', viewerId),
                      eb('b.blocked_id', '=', eb.ref('d.owner_id')),
                    ]),
                    eb.and([
                      eb('b.blocked_id', '=', viewerId),
                      eb('b.blocker_id', '=', eb.ref('d.owner_id')),
                    ]),
                  ]),
                ),
            ),
          ),
        )
        .orderBy('d.popularity', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ title: r.title, type: r.type }));
    },
  };
}
