import { sql, type Kysely } from 'kysely';
import type { LanguageSeed } from '../domain/languages.ts';
import type { PracticeSeed } from '../domain/practices-catalogue.ts';
import { typed, type LanguageRow, type PracticeRow } from './tables.ts';

/** SQL about the reference data: languages and the practices catalogue. */

/** Inserts or refreshes every language (names and popular flags follow the package). */
export async function upsertLanguages(db: Kysely<any>, languages: readonly LanguageSeed[]): Promise<void> {
  if (languages.length === 0) return;
  await typed(db)
    .insertInto('languages')
    .values(languages.map((l) => ({ id: l.id, code: l.code, name: l.name, is_popular: l.isPopular })))
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), is_popular: eb.ref('excluded.is_popular') })),
    )
    .execute();
}

/** Adds the catalogue's practices that are missing; an existing name (any case) is left as it is. */
export async function insertMissingPractices(
  db: Kysely<any>,
  practices: readonly PracticeSeed[],
): Promise<void> {
  if (practices.length === 0) return;
  // Raw SQL would miss the service's schema on PGlite (the runtime qualifies builder queries there).
  await typed(db)
    .insertInto('practices')
    .values(
      practices.map((p) => ({
        name: p.name,
        category: p.category,
        icon_name: p.iconName,
        is_popular: p.isPopular,
      })),
    )
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .execute();
}

export async function listLanguages(db: Kysely<any>): Promise<LanguageRow[]> {
  return typed(db).selectFrom('languages').selectAll().orderBy('name').orderBy('id').execute();
}

export async function listActivePractices(db: Kysely<any>): Promise<PracticeRow[]> {
  return typed(db)
    .selectFrom('practices')
    .selectAll()
    .where('is_active', '=', true)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The active practice named so, case-insensitively. */
export async function findActivePracticeByName(
  db: Kysely<any>,
  name: string,
): Promise<PracticeRow | undefined> {
  return typed(db)
    .selectFrom('practices')
    .selectAll()
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('is_active', '=', true)
    .executeTakeFirst();
}

/** Active practices whose names match any of the given names, case-insensitively. */
export async function findActivePracticesByNames(
  db: Kysely<any>,
  names: readonly string[],
): Promise<PracticeRow[]> {
  if (names.length === 0) return [];
  return typed(db)
    .selectFrom('practices')
    .selectAll()
    .where(
      sql<string>`lower(name)`,
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .where('is_active', '=', true)
    .execute();
}

/** Adds an approved suggestion's name as a practice, or returns the practice that already has it. */
export async function addUserSuggestedPractice(db: Kysely<any>, name: string): Promise<PracticeRow> {
  await typed(db)
    .insertInto('practices')
    .values({ name, category: 'user_suggested', is_popular: false })
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .execute();
  return typed(db)
    .selectFrom('practices')
    .selectAll()
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirstOrThrow();
}
