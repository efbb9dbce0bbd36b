import {
  MembershipActivated,
  MembershipCancelled,
  MembershipExpired,
  MembershipPlanChanged,
  MembershipRenewed,
  type EventDefinition,
} from '@mer/contracts';
import type { BillingTx } from '../deps.ts';
import { findPlan } from '../db/plans.repository.ts';
import type { MembershipRow } from '../db/tables.ts';
import { isInnerCirclePlan } from '../domain/membership.ts';

export type MembershipEvent =
  | typeof MembershipActivated
  | typeof MembershipRenewed
  | typeof MembershipCancelled
  | typeof MembershipExpired;

/** Publishes a membership event (through the outbox, in the caller's transaction). */
export async function announce(
  tx: BillingTx,
  def: MembershipEvent,
  membership: MembershipRow,
): Promise<void> {
  await tx.publish(def as EventDefinition, await membershipFacts(tx, membership));
}

/** The membership moved from `previousPlanId` to its current plan (billing.membership.plan-changed.v1). */
export async function announcePlanChanged(
  tx: BillingTx,
  membership: MembershipRow,
  previousPlanId: string,
): Promise<void> {
  const previous = await findPlan(tx.trx, previousPlanId);
  const previousPlanName = previous?.name ?? 'Unknown plan';
  await tx.publish(MembershipPlanChanged as EventDefinition, {
    ...(await membershipFacts(tx, membership)),
    previousPlanId,
    previousPlanName,
    previousInnerCircle: isInnerCirclePlan(previousPlanName),
  });
}

async function membershipFacts(tx: BillingTx, membership: MembershipRow) {
  const plan = await findPlan(tx.trx, membership.membership_type_id);
  const planName = plan?.name ?? 'Unknown plan';
  return {
    userId: membership.user_id,
    membershipId: membership.id,
    planId: membership.membership_type_id,
    planName,
    status: membership.status,
    expiresAt: membership.expires_at?.toISOString() ?? null,
    innerCircle: isInnerCirclePlan(planName),
    cancelAtPeriodEnd: membership.cancel_at_period_end,
  };
}
