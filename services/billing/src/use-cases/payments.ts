import { randomUUID } from 'node:crypto';
import { MembershipActivated, MembershipCancelled, MembershipRenewed } from '@mer/contracts';
import type { Logger } from '@mer/service-runtime';
import { closeCheckout, findCheckout } from '../db/checkouts.repository.ts';
import {
  findMembershipBySubscription,
  insertMembershipIfAbsent,
  recordProviderEvent,
  updateMembership,
} from '../db/memberships.repository.ts';
import { recordPayment } from '../db/payments.repository.ts';
import { findPlan } from '../db/plans.repository.ts';
import type { MembershipRow, ProviderKind } from '../db/tables.ts';
import { addBillingCycle, laterExpiry } from '../domain/membership.ts';
import type { PaidInvoice, PaymentFact } from '../adapters/stripe-events.ts';
import type { BillingDeps, BillingTx } from '../deps.ts';
import { announce, announcePlanChanged } from './membership-events.ts';

/**
 * Applies a verified provider event to memberships, once: the event id is recorded in the same
 * transaction (a concurrent duplicate waits on that row and then finds it taken). Events may come
 * in any order; an expiry only ever moves forwards.
 */
export async function applyProviderEvent(
  deps: BillingDeps,
  event: { id: string; type: string; created?: number },
  fact: PaymentFact,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  if (fact.kind === 'ignored') {
    // Recorded anyway, so a redelivery is cheap; nothing else changes.
    await deps.transaction((tx) => recordProviderEvent(tx.trx, event.id, event.type));
    return 'ignored';
  }
  // Provider calls happen before the transaction: never hold a row lock across the network.
  const checkoutPeriodEnd =
    fact.kind === 'checkout_completed'
      ? await deps.provider.subscriptionPeriodEnd(fact.subscriptionId)
      : null;
  const log = deps.log;
  return deps.transaction(async (tx) => {
    if (!(await recordProviderEvent(tx.trx, event.id, event.type))) return 'duplicate';
    switch (fact.kind) {
      case 'checkout_completed': {
        if (fact.checkoutId) await closeCheckout(tx.trx, fact.checkoutId, 'completed');
        // The subscription charges the checkout's price per period (a later plan change prorates it).
        const checkout = fact.checkoutId ? await findCheckout(tx.trx, fact.checkoutId) : undefined;
        if (!fact.userId || !fact.planId) {
          log.error({ eventId: event.id }, 'checkout completed without member or plan in its metadata');
          return 'ignored';
        }
        await activateOrExtend(tx, log, deps.provider.kind, {
          subscriptionId: fact.subscriptionId,
          customerId: fact.customerId,
          userId: fact.userId,
          planId: fact.planId,
          periodEnd: checkoutPeriodEnd,
          extends: false,
          eventId: event.id,
          unitAmountCents: checkout?.list_price_cents ?? null,
        });
        await recordPaidInvoice(tx, deps.provider.kind, fact, event);
        return 'applied';
      }
      case 'invoice_paid': {
        await activateOrExtend(tx, log, deps.provider.kind, {
          subscriptionId: fact.subscriptionId,
          customerId: fact.customerId,
          userId: fact.userId,
          planId: fact.planId,
          periodEnd: fact.periodEnd,
          extends: true,
          eventId: event.id,
        });
        await recordPaidInvoice(tx, deps.provider.kind, fact, event);
        return 'applied';
      }
      case 'payment_failed': {
        const membership = await findMembershipBySubscription(tx.trx, fact.subscriptionId, {
          forUpdate: true,
        });
        // Access lasts until the paid period ends; Stripe retries, and a later invoice.paid renews it.
        if (membership) await updateMembership(tx.trx, membership.id, { last_payment_failed_at: new Date() });
        log.warn(
          { subscriptionId: fact.subscriptionId, membershipId: membership?.id },
          'membership payment failed',
        );
        return 'applied';
      }
      case 'subscription_updated': {
        const membership = await findMembershipBySubscription(tx.trx, fact.subscriptionId, {
          forUpdate: true,
        });
        if (!membership) return 'ignored';
        const changes: Parameters<typeof updateMembership>[2] = {};
        if (fact.periodEnd && membership.status === 'active') {
          const later = laterExpiry(membership.expires_at, fact.periodEnd);
          if (later && later.getTime() !== membership.expires_at?.getTime()) changes.expires_at = later;
        }
        if (fact.cancelAtPeriodEnd !== membership.cancel_at_period_end)
          changes.cancel_at_period_end = fact.cancelAtPeriodEnd;
        const eventTime = typeof event.created === 'number' ? new Date(event.created * 1000) : null;
        const planChange =
          membership.status === 'active' && fact.planId
            ? await planChangeOf(tx, membership, { ...fact, planId: fact.planId }, eventTime)
            : {};
        Object.assign(changes, planChange);
        if (Object.keys(changes).length === 0) return 'applied';
        const updated = await updateMembership(tx.trx, membership.id, changes);
        if (planChange.membership_type_id)
          await announcePlanChanged(tx, updated, membership.membership_type_id);
        if (fact.cancelAtPeriodEnd && !membership.cancel_at_period_end && updated.status === 'active') {
          await announce(tx, MembershipCancelled, updated);
        }
        return 'applied';
      }
      case 'subscription_ended': {
        const membership = await findMembershipBySubscription(tx.trx, fact.subscriptionId, {
          forUpdate: true,
        });
        if (!membership || membership.status !== 'active') return 'applied';
        const endsAt =
          membership.expires_at && membership.expires_at < fact.endedAt
            ? membership.expires_at
            : fact.endedAt;
        const updated = await updateMembership(tx.trx, membership.id, {
          status: 'cancelled',
          expires_at: endsAt,
          cancel_at_period_end: false,
        });
        await announce(tx, MembershipCancelled, updated);
        return 'applied';
      }
    }
  });
}

/**
 * The money a paid invoice collected, recorded once per invoice (the admins' revenue and a member's payments). The
 * member is the subscription's; an invoice of nothing (a full discount, a plan change paid by credit) is no payment.
 */
async function recordPaidInvoice(
  tx: BillingTx,
  provider: ProviderKind,
  fact: { subscriptionId: string; userId: string | null; payment: PaidInvoice | null },
  event: { created?: number },
): Promise<void> {
  const payment = fact.payment;
  if (!payment || payment.amountCents <= 0) return;
  const membership = await findMembershipBySubscription(tx.trx, fact.subscriptionId);
  await recordPayment(tx.trx, {
    invoiceId: payment.invoiceId,
    provider,
    userId: membership?.user_id ?? fact.userId,
    subscriptionId: fact.subscriptionId,
    kind: payment.kind,
    amountCents: payment.amountCents,
    currency: payment.currency,
    paidAt:
      payment.paidAt ?? (typeof event.created === 'number' ? new Date(event.created * 1000) : new Date()),
  });
}

/**
 * The subscription is for another plan than the membership: the change to record, unless the news
 * is older than the last change (Stripe does not promise order) or names a plan billing lacks.
 */
export async function planChangeOf(
  tx: BillingTx,
  membership: MembershipRow,
  subscription: { planId: string; unitAmountCents: number | null },
  eventTime: Date | null,
): Promise<Parameters<typeof updateMembership>[2]> {
  if (subscription.planId === membership.membership_type_id) return {};
  // Stripe's event times are whole seconds: news from the second of the last change is not older.
  const lastChange = membership.plan_changed_at
    ? Math.floor(membership.plan_changed_at.getTime() / 1000)
    : null;
  if (eventTime && lastChange !== null && eventTime.getTime() / 1000 < lastChange) return {};
  const plan = await findPlan(tx.trx, subscription.planId);
  if (!plan) return {};
  return {
    membership_type_id: plan.id,
    unit_amount_cents: subscription.unitAmountCents,
    plan_changed_at: eventTime ?? new Date(),
  };
}

/**
 * A payment for a subscription: creates its membership when it is the first news of it (in
 * whatever order checkout and invoice arrive), or moves its expiry forwards on a renewal.
 */
export async function activateOrExtend(
  tx: BillingTx,
  log: Logger,
  provider: ProviderKind,
  payment: {
    subscriptionId: string;
    customerId: string | null;
    userId: string | null;
    planId: string | null;
    periodEnd: Date | null;
    /** An invoice extends an existing membership; a completed checkout only starts one. */
    extends: boolean;
    eventId?: string;
    unitAmountCents?: number | null;
  },
): Promise<'activated' | 'renewed' | 'unchanged' | 'unknown_plan'> {
  const existing = await findMembershipBySubscription(tx.trx, payment.subscriptionId, { forUpdate: true });
  if (!existing) {
    if (!payment.userId || !payment.planId) {
      log.warn(
        { eventId: payment.eventId, subscriptionId: payment.subscriptionId },
        'payment for an unknown subscription without metadata',
      );
      return 'unchanged';
    }
    const plan = await findPlan(tx.trx, payment.planId);
    if (!plan) {
      log.error(
        { eventId: payment.eventId, planId: payment.planId },
        'payment for an unknown plan: nothing activated',
      );
      return 'unknown_plan';
    }
    const inserted = await insertMembershipIfAbsent(tx.trx, {
      id: randomUUID(),
      userId: payment.userId,
      planId: plan.id,
      expiresAt: payment.periodEnd ?? addBillingCycle(new Date(), plan.billing_cycle),
      provider,
      customerId: payment.customerId,
      subscriptionId: payment.subscriptionId,
      unitAmountCents: payment.unitAmountCents ?? null,
    });
    if (inserted) {
      await announce(tx, MembershipActivated, inserted);
      return 'activated';
    }
    // Inserted by a concurrent transaction after our lookup: treat this payment as news about it.
    return activateOrExtend(tx, log, provider, payment);
  }
  if (!payment.extends || !payment.periodEnd || existing.status === 'cancelled') return 'unchanged';
  const expiresAt = laterExpiry(existing.expires_at, payment.periodEnd);
  if (!expiresAt || expiresAt.getTime() === existing.expires_at?.getTime()) return 'unchanged';
  const wasActive = existing.status === 'active';
  const updated = await updateMembership(tx.trx, existing.id, {
    expires_at: expiresAt,
    status: expiresAt > new Date() ? 'active' : existing.status,
    last_payment_failed_at: null,
  });
  await announce(tx, wasActive ? MembershipRenewed : MembershipActivated, updated);
  return wasActive ? 'renewed' : 'activated';
}
