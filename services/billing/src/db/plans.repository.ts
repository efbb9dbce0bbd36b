import { sql } from 'kysely';
import type { BillingDb, PlanRow } from './tables.ts';

/** The only place that speaks SQL about membership plans (membership_types). */

export interface NewPlan {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  billingCycle: 'monthly' | 'yearly';
  features: string[];
  earlyBirdPriceCents: number | null;
  earlyBirdEndsAt: Date | null;
}

/** Active plans, cheapest first (spec: membership_types where is_active, ordered by price). */
export async function listActivePlans(db: BillingDb): Promise<PlanRow[]> {
  return db
    .selectFrom('membership_types')
    .selectAll()
    .where('active', '=', true)
    .orderBy('price_cents')
    .orderBy('display_order')
    .orderBy('name')
    .execute();
}

/** Every plan in the admins' display order. */
export async function listAllPlans(db: BillingDb): Promise<PlanRow[]> {
  return db
    .selectFrom('membership_types')
    .selectAll()
    .orderBy('display_order')
    .orderBy('name')
    .execute();
}

export async function findPlan(db: BillingDb, id: string): Promise<PlanRow | undefined> {
  return db.selectFrom('membership_types').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPlan(db: BillingDb, plan: NewPlan): Promise<PlanRow> {
  // New plans go last. (Table names only through the query builder: it applies the service's schema.)
  const last = await db
    .selectFrom('membership_types')
    .select((eb) => eb.fn.max('display_order').as('max'))
    .executeTakeFirst();
  return db
    .insertInto('membership_types')
    .values({
      id: plan.id,
      name: plan.name,
      description: plan.description,
      price_cents: plan.priceCents,
      billing_cycle: plan.billingCycle,
      features: JSON.stringify(plan.features),
      early_bird_price_cents: plan.earlyBirdPriceCents,
      early_bird_ends_at: plan.earlyBirdEndsAt,
      display_order: (last?.max ?? 0) + 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updatePlan(
  db: BillingDb,
  id: string,
  changes: Partial<Omit<NewPlan, 'id'>> & { active?: boolean },
): Promise<PlanRow | undefined> {
  return db
    .updateTable('membership_types')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.priceCents !== undefined ? { price_cents: changes.priceCents } : {}),
      ...(changes.billingCycle !== undefined ? { billing_cycle: changes.billingCycle } : {}),
      ...(changes.features !== undefined ? { features: JSON.stringify(changes.features) } : {}),
      ...(changes.earlyBirdPriceCents !== undefined
        ? { early_bird_price_cents: changes.earlyBirdPriceCents }
        : {}),
      ...(changes.earlyBirdEndsAt !== undefined ? { early_bird_ends_at: changes.earlyBirdEndsAt } : {}),
      ...(changes.active !== undefined ? { active: changes.active } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Gives the listed plans display order 1, 2, 3, ...; plans not listed keep theirs after them. */
export async function reorderPlans(db: BillingDb, planIds: string[]): Promise<number> {
  let updated = 0;
  for (const [index, id] of planIds.entries()) {
    const result = await db
      .updateTable('membership_types')
      .set({ display_order: index + 1, updated_at: new Date() })
      .where('id', '=', id)
      .executeTakeFirst();
    updated += Number(result.numUpdatedRows);
  }
  await db
    .updateTable('membership_types')
    .set({ display_order: sql<number>`display_order + ${planIds.length}` })
    .where('id', 'not in', planIds)
    .execute();
  return updated;
}
