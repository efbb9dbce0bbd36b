import type { Kysely } from 'kysely';
import type { ProfileOnboardingTables, OnboardingDraftRow } from './tables.ts';

/** SQL about onboarding drafts and user practices. */

export async function findDraft(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
): Promise<OnboardingDraftRow | undefined> {
  return db.selectFrom('onboarding_drafts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Stores the member's draft; a later save replaces it whole (last write wins). */
export async function upsertDraft(
  db: Kysely<ProfileOnboardingTables>,
  draft: { userId: string; step: number; data: unknown; startedAt: Date; updatedAt: Date },
): Promise<OnboardingDraftRow> {
  return db
    .insertInto('onboarding_drafts')
    .values({
      user_id: draft.userId,
      step: draft.step,
      data: JSON.stringify(draft.data),
      started_at: draft.startedAt,
      updated_at: draft.updatedAt,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        step: draft.step,
        data: JSON.stringify(draft.data),
        started_at: draft.startedAt,
        updated_at: draft.updatedAt,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteDraft(db: Kysely<ProfileOnboardingTables>, userId: string): Promise<void> {
  await db.deleteFrom('onboarding_drafts').where('user_id', '=', userId).execute();
}

/** Spec 000 section 7: the defaults of a practice linked at onboarding. */
export const ONBOARDING_PRACTICE_DEFAULTS = {
  source: 'onboarding',
  is_active: true,
  proficiency_level: 'beginner',
  practice_frequency: 'weekly',
  frequency_count: 1,
  experience_stage: 'exploring',
  intensity_level: 'light',
  practice_goals: '[]',
} as const;

/**
 * Makes the member's active practices exactly these: new ones are linked with the onboarding defaults
 * (source as given), ones linked before are active again with their own settings, others inactive.
 */
export async function syncPractices(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
  practiceIds: readonly string[],
  source: string,
): Promise<void> {
  const t = db;
  if (practiceIds.length > 0) {
    await t
      .insertInto('user_practices')
      .values(
        practiceIds.map((practice_id) => ({
          user_id: userId,
          practice_id,
          ...ONBOARDING_PRACTICE_DEFAULTS,
          source,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'practice_id']).doUpdateSet({ is_active: true }))
      .execute();
  }
  let others = t.updateTable('user_practices').set({ is_active: false }).where('user_id', '=', userId);
  if (practiceIds.length > 0) others = others.where('practice_id', 'not in', [...practiceIds]);
  await others.execute();
}
