import { randomUUID } from 'node:crypto';
import type { CreatePlanRequest, MembershipPlan, UpdatePlanRequest } from '@mer/contracts';
import { duplicateEntry, notFound } from '@mer/service-runtime';
import type { BillingDeps } from '../deps.ts';
import {
  findPlan,
  insertPlan,
  listActivePlans,
  listAllPlans,
  reorderPlans,
  updatePlan,
} from '../db/plans.repository.ts';
import type { PlanRow } from '../db/tables.ts';
import { isInnerCirclePlan } from '../domain/membership.ts';
import { currentPriceCents } from '../domain/pricing.ts';
import { invalidData } from '@mer/service-runtime';

export function toPlan(row: PlanRow, now = new Date()): MembershipPlan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.price_cents,
    currency: 'EUR',
    billingCycle: row.billing_cycle,
    features: row.features,
    active: row.active,
    displayOrder: row.display_order,
    earlyBirdPriceCents: row.early_bird_price_cents,
    earlyBirdEndsAt: row.early_bird_ends_at?.toISOString() ?? null,
    currentPriceCents: currentPriceCents(
      {
        priceCents: row.price_cents,
        earlyBirdPriceCents: row.early_bird_price_cents,
        earlyBirdEndsAt: row.early_bird_ends_at,
      },
      now,
    ),
    innerCircle: isInnerCirclePlan(row.name),
  };
}

export async function listPlansForMembers(deps: Pick<BillingDeps, 'db'>): Promise<{ plans: MembershipPlan[] }> {
  const now = new Date();
  return { plans: (await listActivePlans(deps.db)).map((row) => toPlan(row, now)) };
}

export async function listPlansForAdmins(deps: Pick<BillingDeps, 'db'>): Promise<{ plans: MembershipPlan[] }> {
  const now = new Date();
  return { plans: (await listAllPlans(deps.db)).map((row) => toPlan(row, now)) };
}

/** Early-bird price and end date come together, and the early bird is the cheaper price. */
function checkEarlyBird(priceCents: number, earlyCents: number | null, endsAt: string | null): void {
  if ((earlyCents === null) !== (endsAt === null)) {
    throw invalidData(
      'Invalid Data',
      'An early-bird price needs its end date, and the other way round.',
      'body.earlyBirdEndsAt',
    );
  }
  if (earlyCents !== null && earlyCents >= priceCents) {
    throw invalidData(
      'Invalid Data',
      'The early-bird price must be lower than the regular price.',
      'body.earlyBirdPriceCents',
    );
  }
}

const uniqueName = (err: unknown): never => {
  if ((err as { code?: string }).code === '23505')
    throw duplicateEntry('Duplicate Entry', 'A plan with this name already exists.');
  throw err;
};

export async function createPlan(
  deps: BillingDeps,
  body: CreatePlanRequest,
): Promise<MembershipPlan> {
  const earlyCents = body.earlyBirdPriceCents ?? null;
  const endsAt = body.earlyBirdEndsAt ?? null;
  checkEarlyBird(body.priceCents, earlyCents, endsAt);
  const row = await insertPlan(deps.db, {
    id: randomUUID(),
    name: body.name.trim(),
    description: body.description?.trim() ?? '',
    priceCents: body.priceCents,
    billingCycle: body.billingCycle,
    features: (body.features ?? []).map((f) => f.trim()).filter(Boolean),
    earlyBirdPriceCents: earlyCents,
    earlyBirdEndsAt: endsAt ? new Date(endsAt) : null,
  }).catch(uniqueName);
  return toPlan(row);
}

export async function editPlan(
  deps: BillingDeps,
  planId: string,
  body: UpdatePlanRequest,
): Promise<MembershipPlan> {
  const existing = await findPlan(deps.db, planId);
  if (!existing) throw notFound('This membership plan does not exist.');
  const price = body.priceCents ?? existing.price_cents;
  const early =
    body.earlyBirdPriceCents !== undefined ? body.earlyBirdPriceCents : existing.early_bird_price_cents;
  const endsAt =
    body.earlyBirdEndsAt !== undefined
      ? body.earlyBirdEndsAt
      : (existing.early_bird_ends_at?.toISOString() ?? null);
  checkEarlyBird(price, early, endsAt);
  const row = await updatePlan(deps.db, planId, {
    ...(body.name !== undefined ? { name: body.name.trim() } : {}),
    ...(body.description !== undefined ? { description: body.description.trim() } : {}),
    ...(body.priceCents !== undefined ? { priceCents: body.priceCents } : {}),
    ...(body.billingCycle !== undefined ? { billingCycle: body.billingCycle } : {}),
    ...(body.features !== undefined ? { features: body.features.map((f) => f.trim()).filter(Boolean) } : {}),
    ...(body.earlyBirdPriceCents !== undefined ? { earlyBirdPriceCents: body.earlyBirdPriceCents } : {}),
    ...(body.earlyBirdEndsAt !== undefined
      ? { earlyBirdEndsAt: body.earlyBirdEndsAt ? new Date(body.earlyBirdEndsAt) : null }
      : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  }).catch(uniqueName);
  if (!row) throw notFound('This membership plan does not exist.');
  return toPlan(row);
}

export async function reorder(
  deps: BillingDeps,
  planIds: string[],
): Promise<{ plans: MembershipPlan[] }> {
  await deps.transaction(async (tx) => {
    const updated = await reorderPlans(tx.trx, planIds);
    if (updated !== planIds.length) throw notFound('One of these membership plans does not exist.');
  });
  return listPlansForAdmins(deps);
}
