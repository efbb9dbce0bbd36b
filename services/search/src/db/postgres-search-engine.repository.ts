import { sql, type SqlBool } from 'kysely';
import type { SearchResultType } from '@mer/contracts';
import { reusableQuery } from '@mer/service-runtime';
import type { Candidate, CandidateQuery, SearchEngine, TermGroup } from '../domain/search-engine.ts';
import { Lexicon } from '../domain/lexicon.ts';
import type { SearchDb, SearchTables } from './tables.ts';

/*
 * The PostgreSQL search engine: full-text search (a tsvector with title, description, category and location
 * weighted A to D, in the english and simple configurations) for candidates, pg_trgm for spelling corrections and
 * title suggestions. Everything lives in the service's own schema, and the same SQL runs on PGlite.
 */

/**
 * How many matches of a source are read at most, per candidate wanted, when a filter (place, date, block) or an
 * order (date, popularity) is applied after the full-text match: the read stays bounded whatever the filter keeps.
 */
const MATCHES_READ_PER_CANDIDATE = 4;

/** How old the lexicon in memory may be before a look-up reads the words added since (the index's one second). */
const LEXICON_FRESH_MS = 1_000;
/** How often it is read again whole. */
const LEXICON_RELOAD_MS = 60_000;

/**
 * What an item must match, as arrays (`verifyTexts`, `verifyGroups`, `prefix`, `prefixGroup`) that the statement
 * turns into one tsquery: each group's alternatives (a word or a phrase, stemmed (english) or exact (simple), and the
 * prefix with the group it completes) or'ed, the groups and'ed (or or'ed for `matchAny`). Built in SQL from
 * parameters, so the statement's text is the same for every query and runs as a prepared statement (planned once per
 * connection, not per search).
 */
type Verify = {
  verifyTexts: string[];
  verifyGroups: number[];
  prefix: string | null;
  prefixGroup: number;
};

function verifyOf(groups: readonly TermGroup[], prefix: string | null): Verify | null {
  const used = groups.map((g, i) => ({ g, i })).filter(({ g }) => g.length > 0);
  if (!used.length && !prefix) return null;
  return {
    verifyTexts: used.flatMap(({ g }) => [...g]),
    verifyGroups: used.flatMap(({ g, i }) => g.map(() => i)),
    prefix,
    prefixGroup: used.at(-1)?.i ?? 0,
  };
}

type CandidateRow = Parameters<typeof toCandidate>[0];

/** One alternative of the driving read: its text, the group it belongs to and its read priority (lower first). */
interface DrivingTerm {
  text: string;
  group: number;
  priority: number;
  /** Read only where the word is in the item's category (its '#' postings), for a category filter. */
  inCategory?: boolean;
}

/**
 * `schema`: the service's schema. The candidates' statement is written in SQL (Kysely's schema plugin does not
 * qualify tables inside raw SQL, and the embedded engine's one session has no search_path of the service's own).
 */
export function createPostgresSearchEngine(db: SearchDb, schema: string): SearchEngine {
  /**
   * Up to `limit` matches of each of `types`, read from the postings (migrations/0003_search_postings.sql): each
   * driving term's words, as lexemes (english stem and simple word), give their best postings of a source by
   * (field rank, newest), an index range read of at most `read` entries each. The documents behind them are then
   * checked against the whole query (`verify`: every group, phrases, the category and place words), the
   * viewer's blocks and the filters, in the order of (fewest priority, most groups found, best rank, newest), and
   * the read stops at `limit` rows that pass.
   *
   * Several groups (plain search's words, a category or place filter): when one group has fewer than `read`
   * postings of a source, every match holds one of them, so that group alone drives the read and nothing is
   * missed; otherwise the best `read` postings of every group are read together (a match ranks high for at least
   * one of its words), so two common words whose items rarely meet find only what their best postings share.
   */
  /** The values of one read; everything else of the statement is its shape (`ReadShape`). */
  type ReadParameters = Verify & {
    texts: string[];
    groups: number[];
    priorities: number[];
    inCategory: boolean[];
    types: SearchResultType[];
    fallback: number;
    except: string[];
    locations: string[];
    categories: string[];
    from: Date | null;
    to: Date | null;
    viewerId: string;
  };
  /** What changes the statement's text: a handful of shapes, each a prepared statement of its own. */
  interface ReadShape {
    readPerTerm: number;
    limit: number;
    matchAny: boolean;
    intersect: boolean;
    sortBy: CandidateQuery['sortBy'];
    except: boolean;
    locations: boolean;
    categories: boolean;
    from: boolean;
    to: boolean;
  }
  const postings = sql.table(`${schema}.postings`);
  const documents = sql.table(`${schema}.documents`);
  const blocks = sql.table(`${schema}.blocks`);
  const statements = new Map<string, ReturnType<typeof readStatement>>();
  // The limits are literals, not parameters: a generic plan would have to guess them.
  const readStatement = (shape: ReadShape) =>
    reusableQuery<SearchTables, ReadParameters, CandidateRow>((kysely, p) => {
      const readPerTerm = sql.lit(shape.readPerTerm);
      // Visibility again on the row itself: the postings follow it in the same transaction, this costs nothing more.
      const conditions: ReturnType<typeof sql<SqlBool>>[] = [
        sql<SqlBool>`d.visible and d.deleted_at is null`,
        sql<SqlBool>`d.search @@ (select q from verify)`,
      ];
      if (shape.except) conditions.push(sql<SqlBool>`d.id <> all (${p.except}::uuid[])`);
      if (shape.locations) conditions.push(sql<SqlBool>`d.location ilike any (${p.locations}::text[])`);
      if (shape.categories) conditions.push(sql<SqlBool>`lower(d.category) = any (${p.categories}::text[])`);
      const when = sql`coalesce(d.starts_at, d.created_at)`;
      if (shape.from) conditions.push(sql<SqlBool>`${when} >= ${p.from}::timestamptz`);
      if (shape.to) conditions.push(sql<SqlBool>`${when} <= ${p.to}::timestamptz`);
      const order =
        shape.sortBy === 'popularity'
          ? sql`d.popularity desc, d.created_at desc`
          : shape.sortBy === 'date'
            ? sql`${when} desc`
            : sql`c.priority, c.groups desc, c.rank desc, c.created_at desc`;
      // The group that drives the read: the one with the fewest postings of the source, when it has fewer than
      // `readPerTerm` (counted no further); otherwise a category filter's words (every item read then has the
      // category, and the query's words are checked on it: "circle" in Breathwork kept 7 of 625 circles when the
      // best postings of "circle" and of the category were read together), else every group (-1).
      const driver = shape.intersect
        ? sql`(select case when min(n) < ${readPerTerm} then (array_agg(g order by n))[1] else ${p.fallback}::int end
               from (select x.g, sum(c.n) n from lexemes x
                     cross join lateral (select count(*) n from (select 1 from ${postings} p
                       where p.lexeme = x.lexeme and p.type = t.type limit ${readPerTerm}) q) c
                     group by x.g) sizes)`
        : sql`-1`;
      const statement = sql<CandidateRow>`
      with lexemes as (
        select a.g, min(a.priority) priority, l.lexeme
        from unnest(${p.texts}::text[], ${p.groups}::int[], ${p.priorities}::int[], ${p.inCategory}::boolean[])
             a(text, g, priority, in_category)
        cross join lateral unnest(
          case when a.in_category
            then array(select '#' || w from unnest(tsvector_to_array(to_tsvector('simple', a.text))) w)
            else tsvector_to_array(to_tsvector('simple', a.text) || to_tsvector('english', a.text)) end) l(lexeme)
        group by a.g, l.lexeme
      ),
      verify as (
        -- Alternatives without a lexeme (stop words) are left out, as '||' and '&&' leave out an empty tsquery.
        select string_agg('(' || alternatives || ')', ${sql.lit(shape.matchAny ? ' | ' : ' & ')})::tsquery q
        from (select g, string_agg('(' || q::text || ')', ' | ') alternatives
              from (select v.g, phraseto_tsquery('english', v.text) || phraseto_tsquery('simple', v.text) q
                    from unnest(${p.verifyTexts}::text[], ${p.verifyGroups}::int[]) v(text, g)
                    union all
                    select ${p.prefixGroup}::int, to_tsquery('simple', ${p.prefix}::text || ':*')
                    where ${p.prefix}::text is not null) a
              where numnode(q) > 0
              group by g) o
      )
      select m.* from unnest(${p.types}::text[]) t(type)
      cross join lateral (select ${driver} as g) drive
      cross join lateral (
        select d.id, d.type, d.title, d.description, d.category, d.location, d.image_url, d.url, d.starts_at,
               d.created_at, d.popularity
        from (
          select p.document_id, min(x.priority) priority, count(distinct x.g) groups, sum(p.rank) rank,
                 max(p.created_at) created_at
          from lexemes x
          cross join lateral (
            select p.rank, p.created_at, p.document_id from ${postings} p
            where p.lexeme = x.lexeme and p.type = t.type
            order by p.rank desc, p.created_at desc limit ${readPerTerm}
          ) p
          where drive.g = -1 or x.g = drive.g
          group by p.document_id
          order by priority, groups desc, rank desc, created_at desc
          -- At most this many items are fetched and checked, however many words were read: several common words
          -- whose items rarely meet cost one word's read, not one per word (1,400 fetches for "share a meal
          -- together" before).
          limit ${readPerTerm}
        ) c
        join ${documents} d on d.id = c.document_id
        where ${sql.join(conditions, sql` and `)}
          and not exists (
            select 1 from ${blocks} b where b.active and (
              (b.blocker_id = ${p.viewerId}::uuid and b.blocked_id = d.owner_id) or
              (b.blocked_id = ${p.viewerId}::uuid and b.blocker_id = d.owner_id)))
        order by ${order}
        limit ${sql.lit(shape.limit)}
      ) m`;
      return { compile: () => statement.compile(kysely) };
    });

  /**
   * Up to `limit` matches of each of `types`, read from the postings (migrations/0003_search_postings.sql): each
   * driving term's words, as lexemes (english stem and simple word), give their best postings of a source by
   * (field rank, newest), an index range read of at most `read` entries each. The documents behind them are then
   * checked against the whole query (`verify`: every group, phrases, the category and place words), the
   * viewer's blocks and the filters, in the order of (fewest priority, most groups found, best rank, newest), and
   * the read stops at `limit` rows that pass.
   *
   * Several groups (plain search's words, a category or place filter): when one group has fewer than `read`
   * postings of a source, every match holds one of them, so that group alone drives the read and nothing is
   * missed; otherwise the best `read` postings of every group are read together (a match ranks high for at least
   * one of its words), so two common words whose items rarely meet find only what their best postings share.
   */
  const read = async (
    query: CandidateQuery,
    terms: readonly DrivingTerm[],
    verify: Verify,
    matchAny: boolean,
    types: readonly SearchResultType[],
    limit: number,
    except: readonly string[],
  ): Promise<CandidateRow[]> => {
    const filtered =
      query.locations.length > 0 || query.categories.length > 0 || query.from !== null || query.to !== null;
    const ordered = query.sortBy !== 'relevance';
    const groupCount = new Set(terms.map((t) => t.group)).size;
    const intersect = groupCount > 1 && !query.matchAny;
    // Filters, orders and intersections apply to a bounded read of the matches; otherwise the first `limit`
    // postings that pass are the answer.
    const readPerTerm = filtered || ordered || intersect ? limit * MATCHES_READ_PER_CANDIDATE : limit;
    const shape: ReadShape = {
      readPerTerm,
      limit,
      matchAny,
      intersect,
      sortBy: query.sortBy,
      except: except.length > 0,
      locations: query.locations.length > 0,
      categories: query.categories.length > 0,
      from: query.from !== null,
      to: query.to !== null,
    };
    const key = JSON.stringify(shape);
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = readStatement(shape)));
    return statement(db, {
      ...verify,
      texts: terms.map((t) => t.text),
      groups: terms.map((t) => t.group),
      priorities: terms.map((t) => t.priority),
      inCategory: terms.map((t) => t.inCategory === true),
      types: [...types],
      fallback: terms.find((t) => t.inCategory)?.group ?? -1,
      except: [...except],
      locations: query.locations.map((l) => `%${l.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
      categories: query.categories.map((c) => c.toLowerCase()),
      from: query.from,
      to: query.to,
      viewerId: query.viewerId,
    });
  };

  /**
   * The lexicon in memory. Words arrive with events (on any replica), so a look-up more than LEXICON_FRESH_MS after
   * the last reads the words added since; a rebuild (a new generation) or the minute's full reload (a word whose
   * insert committed after a later one was read) starts it again. A word missing for a moment only costs a
   * correction or completion: the items themselves are found through the postings.
   */
  let cached: { lexicon: Lexicon; seq: number; generation: number | null; loadedAt: number } | null = null;
  let refreshing: Promise<Lexicon> | null = null;
  const refresh = async (): Promise<Lexicon> => {
    const now = Date.now();
    const generation =
      (
        await db
          .selectFrom('rebuilds')
          .select((eb) => eb.fn.max('generation').as('g'))
          .executeTakeFirst()
      )?.g ?? null;
    const state =
      cached && cached.generation === generation && now - cached.loadedAt < LEXICON_RELOAD_MS
        ? cached
        : { lexicon: new Lexicon(), seq: 0, generation, loadedAt: now };
    const rows = await db
      .selectFrom('lexicon')
      .select(['word', 'seq'])
      .where('seq', '>', state.seq)
      .orderBy('seq')
      .execute();
    state.lexicon.add(rows.map((r) => r.word));
    cached = { ...state, seq: rows.at(-1)?.seq ?? state.seq };
    checkedAt = now;
    return state.lexicon;
  };
  let checkedAt = 0;
  const lexicon = async (): Promise<Lexicon> => {
    if (cached && Date.now() - checkedAt < LEXICON_FRESH_MS) return cached.lexicon;
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  return {
    async candidates(query) {
      const found = new Map<SearchResultType, Candidate[]>(query.types.map((t) => [t, []]));
      const verify = verifyOf(query.groups, query.prefix);
      if (!verify) return found;
      // AI search: earlier groups first (the query's own words before its concepts' terms).
      const terms: DrivingTerm[] = query.groups.flatMap((group, g) =>
        group.map((text) => ({ text, group: query.matchAny ? 0 : g, priority: query.matchAny ? g : 0 })),
      );
      const filterGroup = query.groups.length;
      const category = query.categories.filter((c) => /[\p{L}\p{N}]/u.test(c));
      if (!query.matchAny && category.length === query.categories.length)
        for (const text of category) terms.push({ text, group: filterGroup, priority: 0, inCategory: true });
      const rows = await read(query, terms, verify, query.matchAny, query.types, query.limit, []);
      for (const row of rows) found.get(row.type)!.push(toCandidate(row));
      // AI search: the weaker terms only for the sources where the strong ones left room.
      const short = query.types.filter((t) => found.get(t)!.length < query.limit);
      const weak = query.weakTerms.length ? verifyOf([query.weakTerms], null) : null;
      if (weak && short.length) {
        const weakTerms = query.weakTerms.map((text) => ({ text, group: 0, priority: 0 }));
        const seen = short.flatMap((t) => found.get(t)!.map((c) => c.id));
        const more = await read(query, weakTerms, weak, true, short, query.limit, seen);
        for (const row of more) {
          const list = found.get(row.type)!;
          if (list.length < query.limit) list.push(toCandidate(row));
        }
      }
      return found;
    },

    async nearestWords(words, limit) {
      const known = await lexicon();
      return new Map(
        [...new Set(words)].filter((w) => !known.has(w)).map((w) => [w, known.nearest(w, limit)] as const),
      );
    },

    async wordsStartingWith(word, limit) {
      return (await lexicon()).startingWith(word, limit);
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
