import { sql, type Expression, type SqlBool } from 'kysely';
import type { SearchResultType } from '@mer/contracts';
import type { Candidate, SearchEngine, TermGroup } from '../domain/search-engine.ts';
import type { SearchDb } from './tables.ts';

/*
 * The PostgreSQL search engine: full-text search (a tsvector with title, description, category and location
 * weighted A to D, in the english and simple configurations) for candidates, pg_trgm for spelling corrections and
 * title suggestions. Everything lives in the service's own schema, and the same SQL runs on PGlite.
 */

type TsQuery = ReturnType<typeof sql<string>>;

/**
 * How many matches of a source are read at most, per candidate wanted, when a filter (place, date, block) or an
 * order (date, popularity) is applied after the full-text match: the read stays bounded whatever the filter keeps.
 */
const MATCHES_READ_PER_CANDIDATE = 4;

/** One alternative (a word or a phrase) as a tsquery, stemmed (english) or exact (simple). */
const phrase = (text: string): TsQuery =>
  sql<string>`(phraseto_tsquery('english', ${text}) || phraseto_tsquery('simple', ${text}))`;

function tsQuery(groups: readonly TermGroup[], matchAny: boolean, prefix: string | null): TsQuery | null {
  const alternatives = groups.filter((g) => g.length > 0).map((g) => g.map(phrase));
  if (prefix) {
    const prefixQuery = sql<string>`to_tsquery('simple', ${`${prefix}:*`})`;
    if (alternatives.length) alternatives[alternatives.length - 1]!.push(prefixQuery);
    else alternatives.push([prefixQuery]);
  }
  if (!alternatives.length) return null;
  const ors = alternatives.map((a) => sql<string>`(${sql.join(a, sql` || `)})`);
  return sql<string>`(${sql.join(ors, matchAny ? sql` || ` : sql` && `)})`;
}

/**
 * A category filter as a full-text condition the index can answer: the category's words as a phrase (the
 * category is in the tsvector). Only narrows: the exact comparison still decides.
 */
function categoryQuery(categories: readonly string[]): TsQuery | null {
  const named = categories.filter((c) => /[\p{L}\p{N}]/u.test(c));
  if (!named.length || named.length < categories.length) return null;
  return sql<string>`(${sql.join(
    named.map((c) => sql<string>`phraseto_tsquery('simple', ${c})`),
    sql` || `,
  )})`;
}

const COLUMNS = [
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
  'd.owner_id',
] as const;

export function createPostgresSearchEngine(db: SearchDb): SearchEngine {
  return {
    async candidates(query) {
      const found = new Map<SearchResultType, Candidate[]>(query.types.map((t) => [t, []]));
      const strong = tsQuery(query.groups, query.matchAny, query.prefix);
      if (!strong) return found;
      const weak = query.weakTerms.length ? tsQuery([query.weakTerms], true, null) : null;
      const category = categoryQuery(query.categories);
      const filtered =
        query.locations.length > 0 || query.categories.length > 0 || query.from !== null || query.to !== null;
      const ordered = query.sortBy !== 'relevance';

      // One transaction (one connection) for the whole search, with sequential and plain index scans off: every
      // source is read through its own partial GIN index as a bitmap, and the read stops at the first `limit`
      // matches. A read in date order would walk the created_at index and test each row (reading the whole table
      // for a rare word); a read of every match before ordering costs as many rows as a common word has (tens of
      // thousands at a million posts). So matches come in the table's order, and the spec's rules rank them.
      return db.transaction().execute(async (trx) => {
        await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(
          trx,
        );
        const read = (type: SearchResultType, tsq: TsQuery, limit: number, except: readonly string[]) => {
          let matches = trx
            .selectFrom('documents as d')
            .select(COLUMNS)
            .where('d.type', '=', type)
            .where('d.visible', '=', true)
            .where('d.deleted_at', 'is', null)
            .where(sql<SqlBool>`d.search @@ ${tsq}`);
          if (category) matches = matches.where(sql<SqlBool>`d.search @@ ${category}`);
          if (except.length) matches = matches.where('d.id', 'not in', except);
          // Filters and orders apply to a bounded read of the matches (the inner limit); without them the outer
          // limit stops the read at once.
          if (filtered || ordered) matches = matches.limit(limit * MATCHES_READ_PER_CANDIDATE);
          let select = trx
            .selectFrom(matches.as('m'))
            .selectAll('m')
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
                          eb('b.blocked_id', '=', eb.ref('m.owner_id')),
                        ]),
                        eb.and([
                          eb('b.blocked_id', '=', query.viewerId),
                          eb('b.blocker_id', '=', eb.ref('m.owner_id')),
                        ]),
                      ]),
                    ),
                ),
              ),
            );
          if (query.locations.length) {
            const patterns = query.locations.map((l) => `%${l.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
            select = select.where(sql<SqlBool>`m.location ilike any (${sql.val(patterns)}::text[])`);
          }
          if (query.categories.length) {
            const categories = query.categories.map((c) => c.toLowerCase());
            select = select.where(sql<SqlBool>`lower(m.category) = any (${sql.val(categories)}::text[])`);
          }
          const when: Expression<Date> = sql<Date>`coalesce(m.starts_at, m.created_at)`;
          if (query.from) select = select.where(when, '>=', query.from);
          if (query.to) select = select.where(when, '<=', query.to);
          if (query.sortBy === 'popularity')
            select = select.orderBy('m.popularity', 'desc').orderBy('m.created_at', 'desc');
          else if (query.sortBy === 'date') select = select.orderBy(when, 'desc');
          return select.limit(limit).execute();
        };
        for (const type of query.types) {
          const rows = await read(type, strong, query.limit, []);
          // AI search: the weaker terms only where the strong ones left room.
          if (weak && rows.length < query.limit)
            rows.push(
              ...(await read(
                type,
                weak,
                query.limit - rows.length,
                rows.map((r) => r.id),
              )),
            );
          found.set(type, rows.map(toCandidate));
        }
        return found;
      });
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

    async wordsStartingWith(word, limit) {
      const pattern = `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .selectFrom('lexicon')
        .select('word')
        .where('word', 'like', pattern)
        .where('word', '<>', word)
        .orderBy(sql`length(word)`)
        .orderBy('word')
        .limit(limit)
        .execute();
      return rows.map((r) => r.word);
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

function toCandidate(r: {
  id: string;
  type: SearchResultType;
  title: string;
  description: string;
  category: string | null;
  location: string | null;
  image_url: string | null;
  url: string;
  starts_at: Date | null;
  created_at: Date;
  popularity: number;
}): Candidate {
  return {
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
  };
}
