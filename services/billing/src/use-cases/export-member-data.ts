import { MEMBER_DATA_EXPORT_VERSION, type BillingDataExport } from '@mer/contracts';
import {
  checkoutsForExport,
  discountsForExport,
  memberForExport,
  membershipsForExport,
  paymentsForExport,
} from '../db/member-export.repository.ts';
import type { BillingDeps } from '../deps.ts';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * billing's part of "Download my data": the member as registered, memberships, payments, checkouts and discount. A member
 * billing never heard of gets empty lists (billing learns members from identity's events, possibly later).
 */
export async function exportMemberData(
  deps: Pick<BillingDeps, 'db'>,
  userId: string,
  now: Date = new Date(),
): Promise<BillingDataExport> {
  const [member, memberships, payments, checkouts, discounts] = await Promise.all([
    memberForExport(deps.db, userId),
    membershipsForExport(deps.db, userId),
    paymentsForExport(deps.db, userId),
    checkoutsForExport(deps.db, userId),
    discountsForExport(deps.db, userId),
  ]);
  return {
    service: 'billing',
    exportedAt: iso(now),
    version: MEMBER_DATA_EXPORT_VERSION,
    data: {
      member: member
        ? { name: member.name, email: member.email, registeredAt: iso(member.registered_at) }
        : null,
      memberships: memberships.map((m) => ({
        id: m.id,
        planId: m.membership_type_id,
        planName: m.plan_name,
        status: m.status,
        startedAt: iso(m.started_at),
        expiresAt: isoOrNull(m.expires_at),
        cancelAtPeriodEnd: m.cancel_at_period_end,
        provider: m.provider,
        providerCustomerId: m.provider_customer_id,
        providerSubscriptionId: m.provider_subscription_id,
        lastPaymentFailedAt: isoOrNull(m.last_payment_failed_at),
        cancelledAt: isoOrNull(m.cancelled_at),
        updatedAt: iso(m.updated_at),
      })),
      payments: payments.map((p) => ({
        invoiceId: p.provider_invoice_id,
        kind: p.kind,
        amountCents: p.amount_cents,
        currency: p.currency,
        paidAt: iso(p.paid_at),
      })),
      checkouts: checkouts.map((c) => ({
        id: c.id,
        planId: c.membership_type_id,
        planName: c.plan_name,
        listPriceCents: c.list_price_cents,
        discountPercent: c.discount_percent,
        amountCents: c.amount_cents,
        provider: c.provider,
        status: c.status,
        createdAt: iso(c.created_at),
        completedAt: isoOrNull(c.completed_at),
      })),
      discounts: discounts.map((d) => ({
        percent: d.percent,
        source: d.source,
        createdAt: iso(d.created_at),
      })),
    },
  };
}
