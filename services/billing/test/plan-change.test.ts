import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CheckoutRedirect,
  ErrorBody,
  MembershipPlanList,
  MyMembership,
  PlanChangePreview,
} from '@mer/contracts';
import { createTestInfra, type TestInfra } from '@mer/service-runtime/testing';
import {
  call,
  eventsFor,
  eventually,
  registerMember,
  settle,
  startBilling,
  type BillingHarness,
  type TestMember,
} from './harness.ts';

// Changing plan with the built-in test checkout (no Stripe key), on real PostgreSQL and NATS when they run here.
let infra: TestInfra;
let billing: BillingHarness;
let community: MembershipPlanList['plans'][number];
let inner: MembershipPlanList['plans'][number];

beforeAll(async () => {
  infra = await createTestInfra();
  console.log(`billing plan changes (test checkout) on ${infra.describe}`);
  billing = await startBilling(infra);
  const list = ((await (await call(billing, 'GET', '/api/v1/billing/plans')).json()) as MembershipPlanList)
    .plans;
  [community, inner] = [list[0]!, list[1]!];
});

afterAll(async () => {
  await billing?.stop();
  await infra?.close();
});

const localPath = (url: string) => new URL(url, 'http://mer.test').pathname;
const DAY = 86_400_000;

/** A member who paid the test checkout for a plan, with the period end set to `periodEnd`. */
async function subscribed(planId: string, periodEnd: Date, discountPercent: number | null = null) {
  const member = await registerMember(infra, billing, discountPercent);
  const started = await call(billing, 'POST', '/api/v1/billing/checkouts', {
    token: member.token,
    body: { planId },
  });
  const { url } = (await started.json()) as CheckoutRedirect;
  expect((await call(billing, 'POST', `${localPath(url)}/pay`)).status).toBe(303);
  await billing.service.context.db
    .updateTable('memberships')
    .set({ expires_at: periodEnd })
    .where('user_id', '=', member.userId)
    .execute();
  await eventually(() => eventsFor(billing, member.userId, 'billing.membership.activated.v1')[0]);
  return member;
}

const preview = (member: TestMember, planId: string) =>
  call(billing, 'POST', '/api/v1/billing/memberships/me/plan-change/preview', {
    token: member.token,
    body: { planId },
  });
const confirm = (member: TestMember, planId: string, prorationDate: string) =>
  call(billing, 'POST', '/api/v1/billing/memberships/me/plan-change', {
    token: member.token,
    body: { planId, prorationDate },
  });

/** Stripe's arithmetic, written out independently: the share of a month-long period left at `at`. */
function expectedShare(cents: number, periodEnd: Date, at: Date): number {
  const start = new Date(periodEnd);
  start.setUTCMonth(start.getUTCMonth() - 1);
  const total = (periodEnd.getTime() - start.getTime()) / 1000;
  const left = Math.floor((periodEnd.getTime() - at.getTime()) / 1000);
  return Math.round((cents * left) / total);
}

describe('changing plan with the test checkout', () => {
  it('upgrades Community to InnerCircle now: shows the prorated amounts, charges them, announces the change', async () => {
    const periodEnd = new Date(Date.now() + 12 * DAY);
    const member = await subscribed(community.id, periodEnd, 20);

    const shown = await preview(member, inner.id);
    expect(shown.status).toBe(200);
    const quote = (await shown.json()) as PlanChangePreview;
    const at = new Date(quote.prorationDate);
    // Credit for Community's unused time at the price paid (the invitation discount was the first
    // payment's only), the InnerCircle early-bird price for the same time.
    const credit = expectedShare(1200, periodEnd, at);
    const charge = expectedShare(1900, periodEnd, at);
    expect(quote).toMatchObject({
      direction: 'upgrade',
      creditCents: credit,
      chargeCents: charge,
      amountDueNowCents: charge - credit,
      creditBalanceCents: 0,
      nextRenewalAt: periodEnd.toISOString(),
      nextRenewalCents: 1900,
    });
    expect(quote.fromPlan.id).toBe(community.id);
    expect(quote.toPlan.id).toBe(inner.id);
    expect(credit).toBeGreaterThan(0);

    const changed = await confirm(member, inner.id, quote.prorationDate);
    expect(changed.status).toBe(200);
    expect((await changed.json()) as MyMembership).toMatchObject({
      subscribed: true,
      innerCircle: true,
      plan: { id: inner.id },
      expiresAt: periodEnd.toISOString(),
    });

    const event = await eventually(
      () => eventsFor(billing, member.userId, 'billing.membership.plan-changed.v1')[0],
    );
    expect(event.payload).toMatchObject({
      userId: member.userId,
      planId: inner.id,
      planName: 'InnerCircle Membership',
      innerCircle: true,
      previousPlanId: community.id,
      previousPlanName: 'Community Membership',
      previousInnerCircle: false,
      status: 'active',
      expiresAt: periodEnd.toISOString(),
    });
    // The change went through the webhook code (a signed customer.subscription.updated was handled).
    const db = billing.service.context.db;
    const handled = await db
      .selectFrom('provider_events')
      .select('type')
      .where('type', '=', 'customer.subscription.updated')
      .execute();
    expect(handled.length).toBeGreaterThan(0);
    expect(
      await db
        .selectFrom('plan_changes')
        .select(['from_plan_id', 'to_plan_id', 'credit_cents', 'charge_cents', 'provider'])
        .where('user_id', '=', member.userId)
        .execute(),
    ).toEqual([
      {
        from_plan_id: community.id,
        to_plan_id: inner.id,
        credit_cents: credit,
        charge_cents: charge,
        provider: 'test',
      },
    ]);
    // The money collected: the first payment (12.00 less 20%) and the difference charged now.
    expect(
      await db
        .selectFrom('payments')
        .select(['kind', 'amount_cents', 'currency'])
        .where('user_id', '=', member.userId)
        .orderBy('paid_at')
        .execute(),
    ).toEqual([
      { kind: 'first_payment', amount_cents: 960, currency: 'EUR' },
      { kind: 'plan_change', amount_cents: charge - credit, currency: 'EUR' },
    ]);
    await settle();
    expect(eventsFor(billing, member.userId, 'billing.membership.plan-changed.v1')).toHaveLength(1);
  });

  it('downgrades InnerCircle to Community now: the unused InnerCircle time becomes credit', async () => {
    const periodEnd = new Date(Date.now() + 20 * DAY);
    const member = await subscribed(inner.id, periodEnd);
    const quote = (await (await preview(member, community.id)).json()) as PlanChangePreview;
    const at = new Date(quote.prorationDate);
    const credit = expectedShare(1900, periodEnd, at);
    const charge = expectedShare(1200, periodEnd, at);
    expect(quote).toMatchObject({
      direction: 'downgrade',
      creditCents: credit,
      chargeCents: charge,
      amountDueNowCents: 0,
      creditBalanceCents: credit - charge,
      nextRenewalCents: 1200,
    });
    const changed = (await (await confirm(member, community.id, quote.prorationDate)).json()) as MyMembership;
    expect(changed).toMatchObject({ subscribed: true, innerCircle: false, plan: { id: community.id } });
    const event = await eventually(
      () => eventsFor(billing, member.userId, 'billing.membership.plan-changed.v1')[0],
    );
    expect(event.payload).toMatchObject({
      innerCircle: false,
      previousInnerCircle: true,
      planId: community.id,
    });

    // Back up again: the credit now counts the price the subscription charges since the downgrade.
    const again = (await (await preview(member, inner.id)).json()) as PlanChangePreview;
    expect(again.creditCents).toBe(expectedShare(1200, periodEnd, new Date(again.prorationDate)));
  });

  it('says why a change cannot happen, in words a member reads', async () => {
    const member = await subscribed(community.id, new Date(Date.now() + 10 * DAY));
    const same = await preview(member, community.id);
    expect(same.status).toBe(409);
    expect(((await same.json()) as ErrorBody).error.message).toBe('You already have this plan.');

    const stale = await confirm(member, inner.id, new Date(Date.now() - 60 * 60_000).toISOString());
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as ErrorBody).error).toMatchObject({ title: 'Price Expired' });

    const unknown = await preview(member, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);

    const nobody = await registerMember(infra, billing);
    const none = await preview(nobody, inner.id);
    expect(none.status).toBe(404);
    expect(((await none.json()) as ErrorBody).error.message).toBe(
      'You have no active membership to change. Choose a plan to subscribe.',
    );

    expect(
      (await call(billing, 'POST', '/api/v1/billing/memberships/me/cancel', { token: member.token })).status,
    ).toBe(200);
    const cancelled = await preview(member, inner.id);
    expect(cancelled.status).toBe(409);
    expect(((await cancelled.json()) as ErrorBody).error.title).toBe('Membership Cancelled');
    await settle();
    expect(eventsFor(billing, member.userId, 'billing.membership.plan-changed.v1')).toHaveLength(0);
  });
});
