import { randomUUID } from 'node:crypto';
import type { MyMembership, PlanChangePreview } from '@mer/contracts';
import { DomainError, invalidData, notFound } from '@mer/service-runtime';
import {
  findCurrentMembership,
  findMembershipBySubscription,
  insertPlanChange,
  updateMembership,
} from '../db/memberships.repository.ts';
import { recordPayment } from '../db/payments.repository.ts';
import { findPlan } from '../db/plans.repository.ts';
import type { MembershipRow, PlanRow } from '../db/tables.ts';
import { isSubscribed } from '../domain/membership.ts';
import { currentPriceCents } from '../domain/pricing.ts';
import { isUpgrade, settleProration } from '../domain/proration.ts';
import type { PlanChangeRequest, ProrationQuote } from '../adapters/provider.ts';
import type { BillingDeps } from '../deps.ts';
import { announcePlanChanged } from './membership-events.ts';
import { getMyMembership } from './memberships.ts';
import { planChangeOf } from './payments.ts';
import { toPlan } from './plans.ts';
import { receiveProviderWebhook } from './webhook.ts';

/*
 * Changing plan: upgrades and downgrades both apply at once, prorated by the payment provider (a
 * credit for the unused time of the current plan, a charge for the new one over the same time).
 * The member first sees the amounts (preview), then confirms them with the preview's prorationDate.
 */

/** How long a previewed price holds: the member reads it, then confirms. */
const QUOTE_VALID_MS = 15 * 60_000;
/** Clocks of browser and server may differ a little. */
const CLOCK_SKEW_MS = 60_000;

const planPrice = (plan: PlanRow, at: Date) =>
  currentPriceCents(
    {
      priceCents: plan.price_cents,
      earlyBirdPriceCents: plan.early_bird_price_cents,
      earlyBirdEndsAt: plan.early_bird_ends_at,
    },
    at,
  );

interface PlanChange {
  membership: MembershipRow;
  from: PlanRow;
  to: PlanRow;
  request: PlanChangeRequest;
}

/** The member's change to `planId` at `at`, or the reason there is none, in words the member reads. */
async function planChangeFor(
  deps: BillingDeps,
  userId: string,
  planId: string,
  at: Date,
): Promise<PlanChange> {
  const db = deps.db;
  const membership = await findCurrentMembership(db, userId);
  if (!membership || !isSubscribed(membership, new Date()))
    throw notFound('You have no active membership to change. Choose a plan to subscribe.');
  if (membership.membership_type_id === planId)
    throw new DomainError('duplicate_entry', { title: 'Same Plan', message: 'You already have this plan.' });
  if (membership.cancel_at_period_end) {
    throw new DomainError('duplicate_entry', {
      title: 'Membership Cancelled',
      message:
        'Your membership is cancelled and ends at the end of its period, so its plan can no longer change.',
    });
  }
  const to = await findPlan(db, planId);
  if (!to || !to.active) throw notFound('This membership plan is not available.');
  const from = await findPlan(db, membership.membership_type_id);
  if (!from) throw notFound('This membership plan does not exist.');
  return {
    membership,
    from,
    to,
    request: {
      subscriptionId: membership.provider_subscription_id,
      customerId: membership.provider_customer_id,
      userId,
      current: {
        planId: from.id,
        billingCycle: from.billing_cycle,
        // Memberships from before plan changes existed charge their plan's price.
        unitAmountCents: membership.unit_amount_cents ?? planPrice(from, at),
        periodEnd: membership.expires_at,
      },
      next: {
        planId: to.id,
        name: to.name,
        billingCycle: to.billing_cycle,
        unitAmountCents: planPrice(to, at),
      },
      prorationDate: at,
    },
  };
}

async function quote(deps: BillingDeps, change: PlanChange): Promise<ProrationQuote> {
  try {
    return await deps.provider.previewPlanChange(change.request);
  } catch (err) {
    deps.log.error(
      { err, membershipId: change.membership.id },
      'payment provider refused the plan change preview',
    );
    throw new DomainError('server_error', { message: 'Unable to initialize payment. Please try again.' });
  }
}

/** Whole seconds: the providers prorate to the second, and the member confirms the same moment. */
const toSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

export async function previewPlanChange(
  deps: BillingDeps,
  userId: string,
  planId: string,
): Promise<PlanChangePreview> {
  const at = toSecond(new Date());
  const change = await planChangeFor(deps, userId, planId, at);
  const amounts = await quote(deps, change);
  const { current, next } = change.request;
  return {
    fromPlan: { id: change.from.id, name: change.from.name },
    toPlan: toPlan(change.to, at),
    direction: isUpgrade(current, next) ? 'upgrade' : 'downgrade',
    prorationDate: at.toISOString(),
    creditCents: amounts.creditCents,
    chargeCents: amounts.chargeCents,
    ...settleProration(amounts),
    nextRenewalAt: amounts.nextRenewalAt?.toISOString() ?? null,
    nextRenewalCents: next.unitAmountCents,
  };
}

/**
 * Applies a previewed change: the provider moves the subscription and invoices the prorations; the
 * membership follows through the same webhook code as any subscription update (the test checkout
 * posts a signed customer.subscription.updated; with Stripe its answer is applied at once, and
 * Stripe's own webhook then finds nothing left to change).
 */
export async function changePlan(
  deps: BillingDeps,
  userId: string,
  planId: string,
  prorationDate: string,
): Promise<MyMembership> {
  const at = toSecond(new Date(prorationDate));
  const now = Date.now();
  if (at.getTime() > now + CLOCK_SKEW_MS || at.getTime() < now - QUOTE_VALID_MS) {
    throw invalidData(
      'Price Expired',
      'This price was calculated too long ago. Please review the plan change again.',
      'body.prorationDate',
    );
  }
  const change = await planChangeFor(deps, userId, planId, at);
  const amounts = await quote(deps, change);
  let result;
  try {
    result = await deps.provider.changePlan(change.request);
  } catch (err) {
    deps.log.error({ err, membershipId: change.membership.id }, 'payment provider refused the plan change');
    throw new DomainError('server_error', { message: 'Unable to initialize payment. Please try again.' });
  }
  if (result.outcome === 'payment_failed') {
    throw new DomainError('invalid_data', {
      status: 402,
      title: 'Payment Failed',
      message:
        'Your payment could not be completed, so your plan was not changed. Please check your card and try again.',
    });
  }
  const planChangeId = randomUUID();
  await insertPlanChange(deps.db, {
    id: planChangeId,
    membershipId: change.membership.id,
    userId,
    fromPlanId: change.from.id,
    toPlanId: change.to.id,
    provider: deps.provider.kind,
    prorationDate: at,
    creditCents: amounts.creditCents,
    chargeCents: amounts.chargeCents,
  });
  const { next } = change.request;
  const provider = deps.provider;
  if (provider.kind === 'test' && 'signedSubscriptionUpdated' in provider) {
    const { rawBody, signature } = provider.signedSubscriptionUpdated({
      subscriptionId: change.membership.provider_subscription_id,
      customerId: change.membership.provider_customer_id,
      userId,
      planId: next.planId,
      billingCycle: next.billingCycle,
      unitAmountCents: next.unitAmountCents,
      periodEnd: result.periodEnd ?? change.membership.expires_at ?? at,
    });
    await receiveProviderWebhook(deps, rawBody, signature);
    // The test checkout "charges" the prorated difference at once, as Stripe's always_invoice does (Stripe then
    // reports that invoice as paid, and the webhook records it).
    const amountDueCents = amounts.chargeCents - amounts.creditCents;
    if (amountDueCents > 0) {
      await recordPayment(deps.db, {
        invoiceId: `in_test_${planChangeId.replace(/-/g, '')}`,
        provider: 'test',
        userId,
        subscriptionId: change.membership.provider_subscription_id,
        kind: 'plan_change',
        amountCents: amountDueCents,
        currency: 'EUR',
        paidAt: new Date(),
      });
    }
  } else {
    await deps.transaction(async (tx) => {
      const membership = await findMembershipBySubscription(
        tx.trx,
        change.membership.provider_subscription_id,
        {
          forUpdate: true,
        },
      );
      if (!membership || membership.status !== 'active') return;
      const changes = await planChangeOf(tx, membership, next, null);
      if (!changes.membership_type_id) return;
      if (result.periodEnd && membership.expires_at && result.periodEnd > membership.expires_at)
        changes.expires_at = result.periodEnd;
      const updated = await updateMembership(tx.trx, membership.id, changes);
      await announcePlanChanged(tx, updated, membership.membership_type_id);
    });
  }
  return getMyMembership(deps, userId);
}
