import { randomUUID } from 'node:crypto';
import type { DiscountValidation } from '@mer/contracts';
import { DomainError, notFound } from '@mer/service-runtime';
import {
  closeCheckout,
  findCheckout,
  insertCheckout,
  setCheckoutSession,
} from '../db/checkouts.repository.ts';
import { findDiscountPercent, findMember } from '../db/members.repository.ts';
import { findCurrentMembership } from '../db/memberships.repository.ts';
import { findPlan } from '../db/plans.repository.ts';
import type { CheckoutRow, PlanRow } from '../db/tables.ts';
import { isSubscribed } from '../domain/membership.ts';
import { currentPriceCents, discountedCents } from '../domain/pricing.ts';
import { siteUrl, type BillingDeps } from '../deps.ts';
import { receiveProviderWebhook } from './webhook.ts';

const planPrice = (plan: PlanRow, now: Date) =>
  currentPriceCents(
    {
      priceCents: plan.price_cents,
      earlyBirdPriceCents: plan.early_bird_price_cents,
      earlyBirdEndsAt: plan.early_bird_ends_at,
    },
    now,
  );

/**
 * Starts paying for a plan: records the checkout (price and the member's invitation discount
 * fixed now) and asks the provider for its payment page. The discount is the member's own, from
 * sign-up; nothing in the request can change the amount.
 */
export async function startCheckout(
  deps: BillingDeps,
  userId: string,
  planId: string,
): Promise<{ url: string }> {
  const plan = await findPlan(deps.db, planId);
  if (!plan || !plan.active) throw notFound('This membership plan is not available.');
  const current = await findCurrentMembership(deps.db, userId);
  const now = new Date();
  if (current && isSubscribed(current, now)) {
    throw new DomainError('duplicate_entry', { message: 'You already have an active membership.' });
  }
  const unitAmount = planPrice(plan, now);
  const discountPercent = await findDiscountPercent(deps.db, userId);
  const member = await findMember(deps.db, userId);
  const checkout = await insertCheckout(deps.db, {
    id: randomUUID(),
    userId,
    planId: plan.id,
    listPriceCents: unitAmount,
    discountPercent,
    amountCents: discountedCents(unitAmount, discountPercent),
    provider: deps.provider.kind,
  });
  try {
    const session = await deps.provider.createCheckout({
      checkoutId: checkout.id,
      userId,
      email: member?.email ?? null,
      plan: { id: plan.id, name: plan.name, billingCycle: plan.billing_cycle },
      unitAmountCents: unitAmount,
      discountPercent,
      successUrl: siteUrl(deps, '/membership?payment=success'),
      cancelUrl: siteUrl(deps, '/membership?payment=cancelled'),
    });
    await setCheckoutSession(deps.db, checkout.id, session.sessionId);
    return { url: session.url };
  } catch (err) {
    deps.log.error({ err, checkoutId: checkout.id }, 'payment provider refused the checkout');
    await closeCheckout(deps.db, checkout.id, 'cancelled');
    throw new DomainError('server_error', { message: 'Unable to initialize payment. Please try again.' });
  }
}

/**
 * The spec's validate-discount-code. The discount belongs to the member: it is the one of the
 * invitation code they signed up with (identity.user.registered.v1 carries it), so a code typed
 * here can never unlock someone else's discount.
 */
export async function validateDiscount(
  deps: BillingDeps,
  userId: string,
  planId: string | null,
): Promise<DiscountValidation> {
  if (planId) {
    const plan = await findPlan(deps.db, planId);
    if (!plan || !plan.active)
      return { valid: false, discountPercent: null, error: 'This membership plan is not available.' };
  }
  const percent = await findDiscountPercent(deps.db, userId);
  if (!percent)
    return { valid: false, discountPercent: null, error: 'This invitation code carries no discount.' };
  return { valid: true, discountPercent: percent, error: null };
}

export interface TestCheckoutView {
  checkout: CheckoutRow;
  plan: PlanRow;
}

/** An open checkout of the built-in test provider, or 404 (paid, abandoned, or Stripe configured). */
export async function openTestCheckout(deps: BillingDeps, checkoutId: string): Promise<TestCheckoutView> {
  if (deps.provider.kind !== 'test') throw notFound('The test checkout is not available.');
  const checkout = await findCheckout(deps.db, checkoutId);
  if (!checkout || checkout.provider !== 'test' || checkout.status !== 'open')
    throw notFound('This checkout is no longer open.');
  const plan = await findPlan(deps.db, checkout.membership_type_id);
  if (!plan) throw notFound('This membership plan does not exist.');
  return { checkout, plan };
}

/**
 * "Pay" on the test checkout: a signed Stripe-format checkout.session.completed goes through the
 * webhook code exactly as Stripe's would; the browser then returns to the success URL.
 */
export async function payTestCheckout(deps: BillingDeps, checkoutId: string): Promise<string> {
  const { checkout } = await openTestCheckout(deps, checkoutId);
  const provider = deps.provider;
  if (provider.kind !== 'test' || !('signedCheckoutCompleted' in provider)) throw notFound();
  const { rawBody, signature } = provider.signedCheckoutCompleted({
    checkoutId: checkout.id,
    userId: checkout.user_id,
    planId: checkout.membership_type_id,
    sessionId: checkout.provider_session_id ?? `cs_test_${checkout.id.replace(/-/g, '')}`,
    amountCents: checkout.amount_cents,
  });
  await receiveProviderWebhook(deps, rawBody, signature);
  // Relative, like the page itself: back to the site the browser is on.
  return '/membership?payment=success';
}

/** "Cancel" on the test checkout: the checkout is abandoned, nothing is activated. */
export async function cancelTestCheckout(deps: BillingDeps, checkoutId: string): Promise<string> {
  await openTestCheckout(deps, checkoutId);
  await closeCheckout(deps.db, checkoutId, 'cancelled');
  return '/membership?payment=cancelled';
}
