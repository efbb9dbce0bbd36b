import {
  MembershipCancelled,
  MembershipExpired,
  type EmailConfirmed,
  type EventEnvelope,
  type EventPayload,
  type MyMembership,
  type UserRegistered,
} from '@mer/contracts';
import { DomainError, notFound } from '@mer/service-runtime';
import {
  findDiscountPercent,
  recordDiscount,
  updateMemberEmail,
  upsertMember,
} from '../db/members.repository.ts';
import {
  findCurrentMembership,
  lockExpiredActiveMemberships,
  updateMembership,
} from '../db/memberships.repository.ts';
import { findPlan } from '../db/plans.repository.ts';
import { isInnerCirclePlan, isSubscribed } from '../domain/membership.ts';
import { siteUrl, type BillingDeps, type BillingTx } from '../deps.ts';
import type { BillingDb } from '../db/tables.ts';
import { announce } from './membership-events.ts';
import { toPlan } from './plans.ts';

/** The member's membership status (spec section 4): computed at read time, so an expiry counts at once. */
export async function getMyMembership(deps: BillingDeps, userId: string): Promise<MyMembership> {
  return describeMembership(deps, deps.db, userId);
}

async function describeMembership(deps: BillingDeps, db: BillingDb, userId: string): Promise<MyMembership> {
  const now = new Date();
  const membership = await findCurrentMembership(db, userId);
  const discountPercent = await findDiscountPercent(db, userId);
  if (!membership) {
    return {
      subscribed: false,
      innerCircle: false,
      plan: null,
      expiresAt: null,
      status: 'none',
      cancelAtPeriodEnd: false,
      discountPercent,
      portalAvailable: false,
    };
  }
  const plan = await findPlan(db, membership.membership_type_id);
  const subscribed = isSubscribed(membership, now);
  return {
    subscribed,
    innerCircle: subscribed && plan !== undefined && isInnerCirclePlan(plan.name),
    plan: plan ? toPlan(plan, now) : null,
    expiresAt: membership.expires_at?.toISOString() ?? null,
    status: membership.status === 'active' && !subscribed ? 'expired' : membership.status,
    cancelAtPeriodEnd: membership.cancel_at_period_end,
    discountPercent,
    portalAvailable: deps.provider.kind === 'stripe' && membership.provider_customer_id !== null,
  };
}

/** Cancels at the end of the paid period: the provider stops renewing, access lasts until expiry. */
export async function cancelMyMembership(deps: BillingDeps, userId: string): Promise<MyMembership> {
  const membership = await findCurrentMembership(deps.db, userId);
  if (!membership || !isSubscribed(membership, new Date())) throw notFound('You have no active membership.');
  if (!membership.cancel_at_period_end) {
    try {
      await deps.provider.cancelAtPeriodEnd(membership.provider_subscription_id);
    } catch (err) {
      deps.log.error({ err, membershipId: membership.id }, 'payment provider refused the cancellation');
      throw new DomainError('server_error');
    }
    await deps.transaction(async (tx) => {
      const updated = await updateMembership(tx.trx, membership.id, { cancel_at_period_end: true });
      await announce(tx, MembershipCancelled, updated);
    });
  }
  return getMyMembership(deps, userId);
}

/** Stripe's customer portal for the member (Stripe configured and a Stripe customer known). */
export async function customerPortal(deps: BillingDeps, userId: string): Promise<{ url: string }> {
  const membership = await findCurrentMembership(deps.db, userId);
  if (deps.provider.kind !== 'stripe' || !membership?.provider_customer_id) {
    throw notFound('The customer portal is not available.');
  }
  const url = await deps.provider.portalUrl(membership.provider_customer_id, siteUrl(deps, '/membership'));
  if (!url) throw notFound('The customer portal is not available.');
  return { url };
}

/** Marks memberships past their expiry as expired and announces each; returns how many. */
export async function expireDueMemberships(deps: BillingDeps, batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await deps.transaction(async (tx) => {
      const due = await lockExpiredActiveMemberships(tx.trx, batch);
      for (const membership of due) {
        const updated = await updateMembership(tx.trx, membership.id, { status: 'expired' });
        await announce(tx, MembershipExpired, updated);
      }
      return due.length;
    });
    total += count;
    if (count < batch) return total;
  }
}

/* billing's copy of members, from identity's events (inside the consumer's transaction). */

export async function rememberNewMember(
  tx: BillingTx,
  event: EventEnvelope<EventPayload<typeof UserRegistered>>,
): Promise<void> {
  const { userId, email, name, discountPercent, registeredAt } = event.payload;
  await upsertMember(tx.trx, { userId, email, name, registeredAt: new Date(registeredAt) });
  if (discountPercent && discountPercent > 0)
    await recordDiscount(tx.trx, userId, Math.min(100, discountPercent));
}

export async function rememberConfirmedEmail(
  tx: BillingTx,
  event: EventEnvelope<EventPayload<typeof EmailConfirmed>>,
): Promise<void> {
  await updateMemberEmail(tx.trx, event.payload.userId, event.payload.email);
}
