import { describeError, formatDate, formatMoneyCents } from '@mer/api-client';
import { Alert, Badge, Card, PagePlaceholder } from '@mer/design-system';
import { useMemberMembership, type MemberMembership as Membership } from '../api/admin.ts';

const STATUS_LABEL: Record<Membership['status'], string> = {
  active: 'Active',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

const PAYMENT_LABEL: Record<Membership['payments'][number]['kind'], string> = {
  first_payment: 'First payment',
  renewal: 'Renewal',
  plan_change: 'Plan change',
  other: 'Payment',
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-ink-600">{label}</dt>
      <dd className="text-ink-900">{children}</dd>
    </div>
  );
}

/**
 * /admin/user-profile/{userId}: the member's membership (billing): plan, status, paid period, price, cancellation,
 * invitation discount and latest payments; "No membership" when billing has none for the member.
 */
export default function MemberMembership({ userId }: { userId: string }) {
  const membership = useMemberMembership(userId);
  return (
    <section aria-labelledby="membership-heading" className="space-y-3">
      <h2 id="membership-heading" className="text-xl font-semibold text-ink-900">
        Membership
      </h2>
      {membership.isPending ? (
        <PagePlaceholder label="Loading the membership…" />
      ) : membership.isError ? (
        <Alert tone="error" title={describeError(membership.error).title}>
          {describeError(membership.error).description}
        </Alert>
      ) : membership.data === null ? (
        <Card padding="lg">
          <p className="font-semibold text-ink-900">No membership</p>
          <p className="text-sm text-ink-700">
            They have not paid for a membership (or billing has no record of one).
          </p>
        </Card>
      ) : (
        <MembershipCard m={membership.data} />
      )}
    </section>
  );
}

function MembershipCard({ m }: { m: Membership }) {
  const cycle = m.plan.billingCycle === 'yearly' ? 'year' : 'month';
  return (
    <Card padding="lg">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-ink-900">{m.plan.name}</span>
        <Badge tone={m.status === 'active' ? 'sage' : 'clay'}>{STATUS_LABEL[m.status]}</Badge>
        {m.plan.innerCircle ? <Badge tone="gold">InnerCircle</Badge> : null}
        {m.cancelAtPeriodEnd ? <Badge tone="sand">Cancels at period end</Badge> : null}
        {m.provider === 'test' ? <Badge tone="ink">Test payments</Badge> : null}
      </p>
      <dl className="mt-2 space-y-1 text-sm">
        <Row label="Price">
          {formatMoneyCents(m.amountCents, m.currency)} a {cycle}
        </Row>
        <Row label="Member since">{formatDate(m.startedAt)}</Row>
        <Row label="Current period">
          {m.currentPeriodStart && m.currentPeriodEnd
            ? `${formatDate(m.currentPeriodStart)} – ${formatDate(m.currentPeriodEnd)}`
            : 'Not known'}
        </Row>
        {m.cancelledAt ? <Row label="Cancelled on">{formatDate(m.cancelledAt)}</Row> : null}
        <Row label="Invitation discount">
          {m.discountPercent ? `${m.discountPercent}% off the first payment` : 'None'}
        </Row>
        {m.lastPaymentFailedAt ? (
          <Row label="Last failed payment">{formatDate(m.lastPaymentFailedAt)}</Row>
        ) : null}
      </dl>
      <h3 className="mt-4 font-semibold text-ink-900">Latest payments</h3>
      {m.payments.length === 0 ? (
        <p className="text-sm text-ink-700">No payments recorded.</p>
      ) : (
        <table className="mt-1 w-full text-left text-sm">
          <thead className="text-ink-600">
            <tr>
              <th scope="col" className="py-1 font-normal">
                Date
              </th>
              <th scope="col" className="py-1 font-normal">
                What
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {m.payments.map((p) => (
              <tr key={p.id} className="border-t border-ink-100">
                <td className="py-1">{formatDate(p.paidAt)}</td>
                <td className="py-1">{PAYMENT_LABEL[p.kind]}</td>
                <td className="py-1 text-right">{formatMoneyCents(p.amountCents, p.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
