import { sql, type Kysely } from 'kysely';
import type { LanguageSeed } from '../domain/languages.ts';
import type { PracticeSeed } from '../domain/practices-catalogue.ts';
import type { ProfileOnboardingTables, LanguageRow, PracticeRow } from './tables.ts';

/** SQL about the reference data: languages and the practices catalogue. */

/** Inserts or refreshes every language (names and popular flags follow the package). */
export async function upsertLanguages(
  db: Kysely<ProfileOnboardingTables>,
  languages: readonly LanguageSeed[],
): Promise<void> {
  if (languages.length === 0) return;
  await db
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
  db: Kysely<ProfileOnboardingTables>,
  practices: readonly PracticeSeed[],
): Promise<void> {
  if (practices.length === 0) return;
  // Raw SQL would miss the service's schema on PGlite (the runtime qualifies builder queries there).
  await db
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

export async function listLanguages(db: Kysely<ProfileOnboardingTables>): Promise<LanguageRow[]> {
  return db.selectFrom('languages').selectAll().orderBy('name').orderBy('id').execute();
}

export async function listActivePractices(db: Kysely<ProfileOnboardingTables>): Promise<PracticeRow[]> {
  return db
    .selectFrom('practices')
    .selectAll()
    .where('is_active', '=', true)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The active practice named so, case-insensitively. */
export async function findActivePracticeByName(
  db: Kysely<ProfileOnboardingTables>,
  name: string,
): Promise<PracticeRow | undefined> {
  return db
    .selectFrom('practices')
    .selectAll()
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('is_active', '=', true)
    .executeTakeFirst();
}

/** Active practices whose names match any of the given names, case-insensitively. */
export async function findActivePracticesByNames(
  db: Kysely<ProfileOnboardingTables>,
  names: readonly string[],
): Promise<PracticeRow[]> {
  if (names.length === 0) return [];
  return db
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
export async function addUserSuggestedPractice(
  db: Kysely<ProfileOnboardingTables>,
  name: string,
): Promise<PracticeRow> {
  await db
    .insertInto('practices')
    .values({ name, category: 'user_suggested', is_popular: false })
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .execute();
  return db
    .selectFrom('practices')
    .selectAll()
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirstOrThrow();
}
