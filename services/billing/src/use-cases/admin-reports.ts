import {
  REVENUE_MONTHS_DEFAULT,
  type AdminMemberMembership,
  type BillingPayment,
  type RevenueReport,
} from '@mer/contracts';
import { notFound } from '@mer/service-runtime';
import { findDiscountPercent } from '../db/members.repository.ts';
import {
  findCurrentMembership,
  listMembershipDatesSince,
  listRunningMembershipPrices,
} from '../db/memberships.repository.ts';
import { listMemberPayments, sumPaymentsByMonth } from '../db/payments.repository.ts';
import { findPlan } from '../db/plans.repository.ts';
import type { PaymentRow } from '../db/tables.ts';
import { addBillingCycle, isInnerCirclePlan, isSubscribed } from '../domain/membership.ts';
import { countMemberships, monthlyRecurringRevenue, monthsUpTo } from '../domain/revenue.ts';
import type { BillingDeps } from '../deps.ts';

const MEMBER_PAYMENTS_SHOWN = 10;

function toPayment(row: PaymentRow): BillingPayment {
  return {
    id: row.id,
    invoiceId: row.provider_invoice_id,
    kind: row.kind,
    amountCents: row.amount_cents,
    currency: row.currency,
    paidAt: row.paid_at.toISOString(),
  };
}

/**
 * A member's membership as an admin needs it: the one that counts (a running one first, else the latest), its
 * period, price and cancellation, the member's invitation discount and their latest payments.
 */
export async function memberMembershipForAdmin(
  deps: Pick<BillingDeps, 'db'>,
  userId: string,
): Promise<AdminMemberMembership> {
  const membership = await findCurrentMembership(deps.db, userId);
  if (!membership) throw notFound('This member has no membership.');
  const plan = await findPlan(deps.db, membership.membership_type_id);
  if (!plan) throw notFound('This member has no membership.');
  const now = new Date();
  const subscribed = isSubscribed(membership, now);
  const end = membership.expires_at;
  return {
    userId,
    membershipId: membership.id,
    plan: {
      id: plan.id,
      name: plan.name,
      billingCycle: plan.billing_cycle,
      innerCircle: isInnerCirclePlan(plan.name),
    },
    status: membership.status === 'active' && !subscribed ? 'expired' : membership.status,
    subscribed,
    startedAt: membership.started_at.toISOString(),
    // The provider tells billing when a period ends; it starts one billing cycle earlier (not before the start).
    currentPeriodStart: end
      ? new Date(
          Math.max(addBillingCycle(end, plan.billing_cycle, -1).getTime(), membership.started_at.getTime()),
        ).toISOString()
      : null,
    currentPeriodEnd: end?.toISOString() ?? null,
    cancelAtPeriodEnd: membership.cancel_at_period_end,
    cancelledAt: membership.cancelled_at?.toISOString() ?? null,
    amountCents: membership.unit_amount_cents ?? plan.price_cents,
    currency: plan.currency,
    discountPercent: await findDiscountPercent(deps.db, userId),
    provider: membership.provider,
    lastPaymentFailedAt: membership.last_payment_failed_at?.toISOString() ?? null,
    payments: (await listMemberPayments(deps.db, userId, MEMBER_PAYMENTS_SHOWN)).map(toPayment),
  };
}

/**
 * Per calendar month (UTC) up to the current one: money collected (the payments recorded, per currency), new
 * memberships, cancellations and memberships running at the month's end; and now: running memberships and MRR.
 */
export async function revenueReport(
  deps: Pick<BillingDeps, 'db'>,
  months: number = REVENUE_MONTHS_DEFAULT,
): Promise<RevenueReport> {
  const now = new Date();
  const calendar = monthsUpTo(now, months);
  const from = calendar[0]!.start;
  const [paid, memberships, running] = await Promise.all([
    sumPaymentsByMonth(deps.db, from),
    listMembershipDatesSince(deps.db, from),
    listRunningMembershipPrices(deps.db, now),
  ]);
  const counts = countMemberships(calendar, memberships, now);
  return {
    months: calendar.map((month, i) => ({
      month: month.key,
      revenue: paid
        .filter((p) => p.month === month.key)
        .map(({ currency, amountCents }) => ({ currency, amountCents }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
      ...counts[i]!,
    })),
    current: {
      activeMemberships: running.length,
      monthlyRecurringRevenue: monthlyRecurringRevenue(running),
    },
    generatedAt: now.toISOString(),
  };
}
