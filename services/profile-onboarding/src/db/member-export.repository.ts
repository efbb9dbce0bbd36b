import type { Kysely } from 'kysely';
import type { ProfileOnboardingTables } from './tables.ts';

type Db = Kysely<ProfileOnboardingTables>;

/* What profile-onboarding holds about one member, for "Download my data". */

export async function profileForExport(db: Db, userId: string) {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function practicesForExport(db: Db, userId: string) {
  return db
    .selectFrom('user_practices')
    .innerJoin('practices', 'practices.id', 'user_practices.practice_id')
    .select([
      'user_practices.practice_id',
      'practices.name',
      'practices.category',
      'user_practices.source',
      'user_practices.is_active',
      'user_practices.proficiency_level',
      'user_practices.practice_frequency',
      'user_practices.frequency_count',
      'user_practices.experience_stage',
      'user_practices.intensity_level',
      'user_practices.practice_goals',
      'user_practices.created_at',
    ])
    .where('user_practices.user_id', '=', userId)
    .orderBy('practices.name')
    .execute();
}

export async function photosForExport(db: Db, userId: string) {
  return db
    .selectFrom('photos')
    .select(['id', 'storage_key', 'width', 'height', 'face_count', 'created_at', 'replaced_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function draftForExport(db: Db, userId: string) {
  return db
    .selectFrom('onboarding_drafts')
    .select(['step', 'data', 'started_at', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function chartForExport(db: Db, userId: string) {
  const [astrology, humanDesign] = await Promise.all([
    db.selectFrom('astrology_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('human_design_charts').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return { astrology, humanDesign };
}

export async function badgeFactsForExport(db: Db, userId: string) {
  const [memberships, roles] = await Promise.all([
    db
      .selectFrom('member_memberships')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('occurred_at')
      .execute(),
    db.selectFrom('member_roles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return { memberships, roles };
}

/** The member's own suggestions; who reviewed them (another member) stays out. */
export async function interestSuggestionsForExport(db: Db, userId: string) {
  return db
    .selectFrom('interest_suggestions')
    .select(['id', 'suggested_name', 'status', 'reviewed_at', 'rejection_reason', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}
