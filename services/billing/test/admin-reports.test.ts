import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminMemberMembership,
  ErrorBody,
  MembershipPlan,
  MembershipPlanList,
  RevenueReport,
} from '@mer/contracts';
import { createTestInfra, type TestInfra } from '@mer/service-runtime/testing';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { call, registerMember, startBilling, type BillingHarness, type TestMember } from './harness.ts';

/*
 * The admins' view of one member's membership and the monthly revenue report, from payments that arrive as Stripe
 * reports them (signed webhooks; billing's Stripe client talks to the local fake), on real PostgreSQL when it runs.
 * Webhooks arrive now, so the months before are seeded as Stripe would report them (invoices paid then) and the
 * memberships' start dates are moved back to when those first payments were made.
 */
const WEBHOOK_SECRET = 'whsec_test_billing_admin_reports';
const stripeHelpers = new Stripe('sk_test_signing_only', { telemetry: false });

let infra: TestInfra;
let billing: BillingHarness;
let stripe: FakeStripe;
let adminToken: string;
let community: MembershipPlan;
let innerCircle: MembershipPlan;
let patron: MembershipPlan;

beforeAll(async () => {
  infra = await createTestInfra();
  console.log(`billing admin reports on ${infra.describe}`);
  stripe = await startFakeStripe();
  billing = await startBilling(infra, {
    STRIPE_SECRET_KEY: 'sk_test_billing_admin_reports',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
  adminToken = await billing.tokens.token({ perms: ['system_settings'] });
  const plans = ((await (await call(billing, 'GET', '/api/v1/billing/plans')).json()) as MembershipPlanList)
    .plans;
  community = plans.find((p) => p.name === 'Community Membership')!;
  innerCircle = plans.find((p) => p.innerCircle)!;
  const created = await call(billing, 'POST', '/api/v1/billing/admin/plans', {
    token: adminToken,
    body: { name: 'Patron', priceCents: 12000, billingCycle: 'yearly' },
  });
  patron = (await created.json()) as MembershipPlan;
});

afterAll(async () => {
  await billing?.stop();
  await stripe?.close();
  await infra?.close();
});

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const days = (n: number) => new Date(Date.now() + n * 86_400_000);
/** The 15th of the month `back` months before the current one (UTC), at noon. */
const monthsAgo = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12));
};
const monthKey = (date: Date) => date.toISOString().slice(0, 7);

function postWebhook(event: object): Promise<Response> {
  const raw = JSON.stringify(event);
  const signature = stripeHelpers.webhooks.generateTestHeaderString({ payload: raw, secret: WEBHOOK_SECRET });
  return call(billing, 'POST', '/api/v1/billing/webhooks/stripe', {
    raw,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

async function deliver(event: object): Promise<void> {
  expect((await postWebhook(event)).status).toBe(200);
}

const evt = (type: string, object: object, created = new Date()) => ({
  id: `evt_${randomUUID().replace(/-/g, '')}`,
  object: 'event',
  api_version: '2026-10-28',
  created: unix(created),
  livemode: false,
  type,
  data: { object },
});

interface Subscription {
  id: string;
  customer: string;
  member: TestMember;
  planId: string;
}

async function newSubscription(plan: MembershipPlan, periodEnd = days(30)): Promise<Subscription> {
  const member = await registerMember(infra, billing);
  const id = `sub_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const customer = `cus_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
  stripe.customers.set(customer, { id: customer, email: member.email });
  stripe.subscriptions.set(id, {
    id,
    customer,
    status: 'active',
    periodEnd: unix(periodEnd),
    metadata: { userId: member.userId, planId: plan.id },
    unitAmount: plan.priceCents,
    interval: plan.billingCycle === 'yearly' ? 'year' : 'month',
  });
  return { id, customer, member, planId: plan.id };
}

/** Stripe's invoice.paid (current API shape) for an invoice paid at `paidAt`. */
const invoicePaid = (
  s: Subscription,
  invoice: { id?: string; amount: number; currency?: string; paidAt: Date; reason: string; periodEnd?: Date },
) =>
  evt('invoice.paid', {
    id: invoice.id ?? `in_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    object: 'invoice',
    customer: s.customer,
    billing_reason: invoice.reason,
    amount_paid: invoice.amount,
    currency: invoice.currency ?? 'eur',
    status: 'paid',
    status_transitions: { paid_at: unix(invoice.paidAt) },
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: s.id, metadata: { userId: s.member.userId, planId: s.planId } },
    },
    lines: {
      object: 'list',
      data: [{ period: { start: unix(invoice.paidAt), end: unix(invoice.periodEnd ?? days(30)) } }],
    },
  });

/** The membership started when its first payment was made (the webhook came now). */
async function startedAt(s: Subscription, date: Date): Promise<void> {
  await billing.service.context.db
    .updateTable('memberships')
    .set({ started_at: date })
    .where('provider_subscription_id', '=', s.id)
    .execute();
}

async function adminMembership(userId: string, token = adminToken): Promise<Response> {
  return call(billing, 'GET', `/api/v1/billing/admin/members/${userId}/membership`, { token });
}

async function revenue(query = ''): Promise<RevenueReport> {
  const response = await call(billing, 'GET', `/api/v1/billing/admin/revenue${query}`, { token: adminToken });
  expect(response.status).toBe(200);
  return (await response.json()) as RevenueReport;
}

let ana: Subscription;

describe('three months of memberships', () => {
  it('records each paid invoice once and reports money, new, cancelled and active members per month', async () => {
    // Ana: Community Membership (monthly), first paid two months ago, renewed last month and this month.
    ana = await newSubscription(community);
    await deliver(invoicePaid(ana, { amount: 1200, paidAt: monthsAgo(2), reason: 'subscription_create' }));
    await startedAt(ana, monthsAgo(2));
    await deliver(invoicePaid(ana, { amount: 1200, paidAt: monthsAgo(1), reason: 'subscription_cycle' }));
    const renewal = invoicePaid(ana, { amount: 1200, paidAt: new Date(), reason: 'subscription_cycle' });
    await deliver(renewal);
    await deliver({ ...renewal, id: `evt_${randomUUID().replace(/-/g, '')}` }); // the same invoice reported again

    // Ben: Patron (yearly) since last month; Stripe names the first invoice in the checkout and in invoice.paid.
    const ben = await newSubscription(patron, days(330));
    const invoiceId = `in_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    await deliver(
      evt(
        'checkout.session.completed',
        {
          id: `cs_test_${ben.id}`,
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          amount_total: 12000,
          currency: 'eur',
          invoice: invoiceId,
          customer: ben.customer,
          subscription: ben.id,
          metadata: { userId: ben.member.userId, planId: patron.id },
        },
        monthsAgo(1),
      ),
    );
    await deliver(
      invoicePaid(ben, { id: invoiceId, amount: 12000, paidAt: monthsAgo(1), reason: 'subscription_create' }),
    );
    await startedAt(ben, monthsAgo(1));
    // ... and cancels at the end of the year, this month (in Stripe's portal).
    await deliver(
      evt('customer.subscription.updated', {
        id: ben.id,
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: true,
      }),
    );

    // Cleo: InnerCircle, charged in US dollars two months ago; the subscription ended this month.
    const cleo = await newSubscription(innerCircle);
    await deliver(
      invoicePaid(cleo, {
        amount: 1300,
        currency: 'usd',
        paidAt: monthsAgo(2),
        reason: 'subscription_create',
      }),
    );
    await startedAt(cleo, monthsAgo(2));
    await deliver(
      evt('customer.subscription.deleted', {
        id: cleo.id,
        object: 'subscription',
        status: 'canceled',
        ended_at: unix(new Date()),
      }),
    );

    const report = await revenue('?months=3');
    expect(report.months).toEqual([
      {
        month: monthKey(monthsAgo(2)),
        revenue: [
          { currency: 'EUR', amountCents: 1200 },
          { currency: 'USD', amountCents: 1300 },
        ],
        newMemberships: 2,
        cancellations: 0,
        activeAtMonthEnd: 2,
      },
      {
        month: monthKey(monthsAgo(1)),
        revenue: [{ currency: 'EUR', amountCents: 13_200 }],
        newMemberships: 1,
        cancellations: 0,
        activeAtMonthEnd: 3,
      },
      {
        month: monthKey(new Date()),
        revenue: [{ currency: 'EUR', amountCents: 1200 }],
        newMemberships: 0,
        cancellations: 2,
        activeAtMonthEnd: 2,
      },
    ]);
    // Ana's 12.00 a month and Ben's 120.00 a year (10.00 a month); Cleo's ended.
    expect(report.current).toEqual({
      activeMemberships: 2,
      monthlyRecurringRevenue: [{ currency: 'EUR', amountCents: 2200 }],
    });

    // Twelve months by default, the current one last.
    const year = await revenue();
    expect(year.months).toHaveLength(12);
    expect(year.months.at(-1)!.month).toBe(monthKey(new Date()));
    expect(year.months.slice(0, 9).every((m) => m.revenue.length === 0 && m.activeAtMonthEnd === 0)).toBe(
      true,
    );
    expect((await revenue('?months=36')).months).toHaveLength(36);
  });

  it("shows an admin a member's membership with its period, price and latest payments", async () => {
    const response = await adminMembership(ana.member.userId);
    expect(response.status).toBe(200);
    const membership = (await response.json()) as AdminMemberMembership;
    expect(membership).toMatchObject({
      userId: ana.member.userId,
      plan: { id: community.id, name: 'Community Membership', billingCycle: 'monthly', innerCircle: false },
      status: 'active',
      subscribed: true,
      startedAt: monthsAgo(2).toISOString(),
      cancelAtPeriodEnd: false,
      cancelledAt: null,
      amountCents: 1200,
      currency: 'EUR',
      discountPercent: null,
      provider: 'stripe',
      lastPaymentFailedAt: null,
    });
    expect(new Date(membership.currentPeriodEnd!).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(membership.currentPeriodStart!).getTime()).toBeLessThan(Date.now());
    expect(membership.payments.map((p) => [p.kind, p.amountCents, p.currency])).toEqual([
      ['renewal', 1200, 'EUR'],
      ['renewal', 1200, 'EUR'],
      ['first_payment', 1200, 'EUR'],
    ]);
    expect(membership.payments[2]!.paidAt).toBe(new Date(unix(monthsAgo(2)) * 1000).toISOString());
  });

  it('says so when the member has no membership', async () => {
    const member = await registerMember(infra, billing, 15);
    const response = await adminMembership(member.userId);
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.message).toBe('This member has no membership.');
  });
});

describe('who may ask, and what', () => {
  it('refuses members and visitors', async () => {
    const member = await registerMember(infra, billing);
    expect((await adminMembership(ana.member.userId, member.token)).status).toBe(403);
    expect(
      (await call(billing, 'GET', '/api/v1/billing/admin/revenue', { token: member.token })).status,
    ).toBe(403);
    expect((await call(billing, 'GET', '/api/v1/billing/admin/revenue')).status).toBe(401);
  });

  it('answers bad input with 400, never a 500', async () => {
    for (const query of ['?months=0', '?months=37', '?months=twelve', '?months=1.5', '?year=2026']) {
      const response = await call(billing, 'GET', `/api/v1/billing/admin/revenue${query}`, {
        token: adminToken,
      });
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code).toBe('invalid_data');
    }
    expect((await adminMembership('not-a-member-id')).status).toBe(400);
  });
});
