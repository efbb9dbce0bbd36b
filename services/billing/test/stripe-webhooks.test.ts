import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CheckoutRedirect,
  ErrorBody,
  MembershipPlanList,
  MyMembership,
  PlanChangePreview,
  SyncMembershipResult,
} from '@mer/contracts';
import { UserDeleted } from '@mer/contracts';
import { createTestInfra, eventEnvelope, type TestInfra } from '@mer/service-runtime/testing';
import { runHousekeeping } from '../src/use-cases/housekeeping.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
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

// billing configured for Stripe, its client pointed at a local server speaking Stripe's API;
// webhooks signed with the stripe package's own helper. Nothing here reaches the internet.
const WEBHOOK_SECRET = 'whsec_test_billing_integration_secret';
const stripeHelpers = new Stripe('sk_test_signing_only', { telemetry: false });

let infra: TestInfra;
let billing: BillingHarness;
let stripe: FakeStripe;
let plans: MembershipPlanList['plans'];

beforeAll(async () => {
  infra = await createTestInfra();
  console.log(`billing with Stripe on ${infra.describe}`);
  stripe = await startFakeStripe();
  billing = await startBilling(infra, {
    STRIPE_SECRET_KEY: 'sk_test_billing_integration',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
  plans = ((await (await call(billing, 'GET', '/api/v1/billing/plans')).json()) as MembershipPlanList).plans;
});

afterAll(async () => {
  await billing?.stop();
  await stripe?.close();
  await infra?.close();
});

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const days = (n: number) => new Date(Date.now() + n * 86_400_000);

function signed(event: object, secret = WEBHOOK_SECRET): { raw: string; signature: string } {
  const raw = JSON.stringify(event);
  return { raw, signature: stripeHelpers.webhooks.generateTestHeaderString({ payload: raw, secret }) };
}

function postWebhook(body: { raw: string; signature: string }): Promise<Response> {
  return call(billing, 'POST', '/api/v1/billing/webhooks/stripe', {
    raw: body.raw,
    headers: { 'content-type': 'application/json', 'stripe-signature': body.signature },
  });
}

interface Subscription {
  id: string;
  customer: string;
  member: TestMember;
  planId: string;
}

async function newSubscription(planIndex = 1, periodEnd = days(30)): Promise<Subscription> {
  const member = await registerMember(infra, billing);
  const id = `sub_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const customer = `cus_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
  const planId = plans[planIndex]!.id;
  stripe.customers.set(customer, { id: customer, email: member.email });
  stripe.subscriptions.set(id, {
    id,
    customer,
    status: 'active',
    periodEnd: unix(periodEnd),
    metadata: { userId: member.userId, planId },
  });
  return { id, customer, member, planId };
}

const evt = (type: string, object: object) => ({
  id: `evt_${randomUUID().replace(/-/g, '')}`,
  object: 'event',
  api_version: '2026-10-28',
  created: unix(new Date()),
  livemode: false,
  type,
  data: { object },
});

const checkoutCompleted = (
  s: Subscription,
  metadata: Record<string, string> = { userId: s.member.userId, planId: s.planId },
) =>
  evt('checkout.session.completed', {
    id: `cs_test_${s.id}`,
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: randomUUID(),
    customer: s.customer,
    subscription: s.id,
    metadata,
  });

// The current API shape: the subscription under parent.subscription_details, periods on the lines.
const invoicePaid = (s: Subscription, periodEnd: Date, type = 'invoice.paid') =>
  evt(type, {
    id: `in_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    object: 'invoice',
    customer: s.customer,
    billing_reason: 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: s.id, metadata: { userId: s.member.userId, planId: s.planId } },
    },
    lines: { object: 'list', data: [{ period: { start: unix(new Date()), end: unix(periodEnd) } }] },
  });

async function me(member: TestMember): Promise<MyMembership> {
  return (await (
    await call(billing, 'GET', '/api/v1/billing/memberships/me', { token: member.token })
  ).json()) as MyMembership;
}

const membershipRow = (subscriptionId: string) =>
  billing.service.context.db
    .selectFrom('memberships')
    .selectAll()
    .where('provider_subscription_id', '=', subscriptionId)
    .executeTakeFirst();

describe('Stripe checkout', () => {
  it('creates a subscription-mode Checkout Session with the invitation discount as a coupon', async () => {
    const member = await registerMember(infra, billing, 20);
    const inner = plans.find((p) => p.innerCircle)!;
    const response = await call(billing, 'POST', '/api/v1/billing/checkouts', {
      token: member.token,
      body: { planId: inner.id },
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as CheckoutRedirect).url).toMatch(
      /^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/,
    );

    const coupon = stripe.requests.find((r) => r.path === '/v1/coupons')!;
    expect(coupon.form.get('percent_off')).toBe('20');
    const session = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form;
    expect(session.get('mode')).toBe('subscription');
    expect(session.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(session.get('line_items[0][price_data][unit_amount]')).toBe('1900');
    expect(session.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(session.get('discounts[0][coupon]')).toMatch(/^coupon_fake/);
    expect(session.get('success_url')).toBe('http://mer.test/membership?payment=success');
    expect(session.get('cancel_url')).toBe('http://mer.test/membership?payment=cancelled');
    expect(session.get('customer_email')).toBe(member.email);
    expect(session.get('subscription_data[metadata][userId]')).toBe(member.userId);
    expect(session.get('metadata[planId]')).toBe(inner.id);
  });

  it("answers 'Unable to initialize payment' when Stripe refuses", async () => {
    const member = await registerMember(infra, billing);
    stripe.failing = true;
    try {
      const response = await call(billing, 'POST', '/api/v1/billing/checkouts', {
        token: member.token,
        body: { planId: plans[0]!.id },
      });
      expect(response.status).toBe(500);
      expect(((await response.json()) as ErrorBody).error.message).toBe(
        'Unable to initialize payment. Please try again.',
      );
    } finally {
      stripe.failing = false;
    }
  });
});

describe('Stripe webhooks', () => {
  it('activates on checkout.session.completed with the period end Stripe reports; a replay changes nothing', async () => {
    const periodEnd = days(31);
    const s = await newSubscription(1, periodEnd);
    const body = signed(checkoutCompleted(s));
    expect((await postWebhook(body)).status).toBe(200);
    const status = await me(s.member);
    expect(status).toMatchObject({
      subscribed: true,
      innerCircle: true,
      status: 'active',
      portalAvailable: true,
    });
    expect(status.expiresAt).toBe(new Date(unix(periodEnd) * 1000).toISOString());
    await eventually(() => eventsFor(billing, s.member.userId, 'billing.membership.activated.v1')[0]);

    for (let i = 0; i < 3; i++) expect((await postWebhook(body)).status).toBe(200);
    await settle();
    expect(eventsFor(billing, s.member.userId)).toHaveLength(1);

    const portal = await call(billing, 'POST', '/api/v1/billing/memberships/me/portal', {
      token: s.member.token,
    });
    expect(((await portal.json()) as { url: string }).url).toBe(
      `https://billing.stripe.test/p/session/${s.customer}`,
    );
  });

  it('applies concurrent duplicate deliveries once', async () => {
    const s = await newSubscription();
    const body = signed(checkoutCompleted(s));
    const responses = await Promise.all(Array.from({ length: 6 }, () => postWebhook(body)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await eventually(() => eventsFor(billing, s.member.userId)[0]);
    await settle();
    expect(eventsFor(billing, s.member.userId).map((e) => e.subject)).toEqual([
      'billing.membership.activated.v1',
    ]);
    const rows = await billing.service.context.db
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', s.member.userId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('tolerates invoice.paid before checkout.session.completed, and concurrent ones', async () => {
    const periodEnd = days(30);
    const s = await newSubscription(0, periodEnd);
    await Promise.all([
      postWebhook(signed(invoicePaid(s, periodEnd))),
      postWebhook(signed(checkoutCompleted(s))),
    ]);
    expect((await postWebhook(signed(checkoutCompleted(s)))).status).toBe(200);
    expect(await me(s.member)).toMatchObject({ subscribed: true, innerCircle: false });
    await eventually(() => eventsFor(billing, s.member.userId)[0]);
    await settle();
    expect(eventsFor(billing, s.member.userId).map((e) => e.subject)).toEqual([
      'billing.membership.activated.v1',
    ]);
    expect((await membershipRow(s.id))!.expires_at!.toISOString()).toBe(
      new Date(unix(periodEnd) * 1000).toISOString(),
    );
  });

  it('extends the expiry on a renewal, and never moves it backwards on a late older invoice', async () => {
    const first = days(30);
    const s = await newSubscription(1, first);
    await postWebhook(signed(checkoutCompleted(s)));
    const renewedTo = days(61);
    expect((await postWebhook(signed(invoicePaid(s, renewedTo)))).status).toBe(200);
    const renewed = await eventually(
      () => eventsFor(billing, s.member.userId, 'billing.membership.renewed.v1')[0],
    );
    expect(renewed.payload).toMatchObject({
      expiresAt: new Date(unix(renewedTo) * 1000).toISOString(),
      innerCircle: true,
    });

    // The first period's invoice arrives late (another event id): nothing moves back, nothing is announced.
    expect((await postWebhook(signed(invoicePaid(s, first, 'invoice.payment_succeeded')))).status).toBe(200);
    await settle();
    expect((await membershipRow(s.id))!.expires_at!.toISOString()).toBe(
      new Date(unix(renewedTo) * 1000).toISOString(),
    );
    expect(eventsFor(billing, s.member.userId).map((e) => e.subject)).toEqual([
      'billing.membership.activated.v1',
      'billing.membership.renewed.v1',
    ]);
  });

  it('records a failed payment without ending access before the period ends', async () => {
    const s = await newSubscription();
    await postWebhook(signed(checkoutCompleted(s)));
    const failed = evt('invoice.payment_failed', {
      id: 'in_failed',
      object: 'invoice',
      parent: { subscription_details: { subscription: s.id, metadata: {} } },
    });
    expect((await postWebhook(signed(failed))).status).toBe(200);
    expect((await membershipRow(s.id))!.last_payment_failed_at).not.toBeNull();
    expect((await me(s.member)).subscribed).toBe(true);
  });

  it('handles cancellation at period end and the end of a subscription', async () => {
    const s = await newSubscription();
    await postWebhook(signed(checkoutCompleted(s)));

    // The member cancels in MER: Stripe is told, the membership runs to its end.
    const cancel = await call(billing, 'POST', '/api/v1/billing/memberships/me/cancel', {
      token: s.member.token,
    });
    expect((await cancel.json()) as MyMembership).toMatchObject({
      subscribed: true,
      cancelAtPeriodEnd: true,
    });
    const update = stripe.requests.find(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${s.id}`,
    )!;
    expect(update.form.get('cancel_at_period_end')).toBe('true');
    // Stripe's echo of that change announces nothing new.
    const updated = evt('customer.subscription.updated', {
      id: s.id,
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: true,
    });
    await postWebhook(signed(updated));

    const deleted = evt('customer.subscription.deleted', {
      id: s.id,
      object: 'subscription',
      status: 'canceled',
      ended_at: unix(new Date()),
    });
    expect((await postWebhook(signed(deleted))).status).toBe(200);
    expect(await me(s.member)).toMatchObject({ subscribed: false, status: 'cancelled' });
    await eventually(() => eventsFor(billing, s.member.userId, 'billing.membership.cancelled.v1')[1]);
    await settle();
    const cancelled = eventsFor(billing, s.member.userId, 'billing.membership.cancelled.v1');
    expect(cancelled.map((e) => (e.payload as { status: string }).status)).toEqual(['active', 'cancelled']);
  });

  it('a cancellation made in Stripe (portal) is announced', async () => {
    const s = await newSubscription();
    await postWebhook(signed(checkoutCompleted(s)));
    const updated = evt('customer.subscription.updated', {
      id: s.id,
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: true,
    });
    await postWebhook(signed(updated));
    expect(await me(s.member)).toMatchObject({ subscribed: true, cancelAtPeriodEnd: true });
    await eventually(() => eventsFor(billing, s.member.userId, 'billing.membership.cancelled.v1')[0]);
  });

  it('activates nothing for an unknown plan', async () => {
    const s = await newSubscription();
    const response = await postWebhook(
      signed(
        checkoutCompleted(s, { userId: s.member.userId, planId: '00000000-0000-4000-8000-000000000001' }),
      ),
    );
    expect(response.status).toBe(200);
    expect(await membershipRow(s.id)).toBeUndefined();
    expect(billing.logs.lines.some((l) => l.msg === 'payment for an unknown plan: nothing activated')).toBe(
      true,
    );
    await settle();
    expect(eventsFor(billing, s.member.userId)).toHaveLength(0);
  });

  it('rejects a tampered or wrongly signed event, changes nothing and logs a security event', async () => {
    const s = await newSubscription();
    const genuine = signed(checkoutCompleted(s));
    const tampered = {
      raw: genuine.raw.replace(s.member.userId, randomUUID()),
      signature: genuine.signature,
    };
    const wrongSecret = signed(checkoutCompleted(s), 'whsec_someone_else');
    const unsigned = { raw: genuine.raw, signature: '' };
    for (const body of [tampered, wrongSecret, unsigned]) {
      const response = await postWebhook(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.title).toBe('Invalid Signature');
    }
    expect(await membershipRow(s.id)).toBeUndefined();
    const security = billing.logs.lines.filter((l) => l.securityEvent === true);
    expect(security.length).toBeGreaterThanOrEqual(3);
    expect(security[0]).toMatchObject({ level: 40, eventType: 'payment_webhook_signature_invalid' });
    await settle();
    expect(eventsFor(billing, s.member.userId)).toHaveLength(0);
    // The genuine one still works afterwards (nothing was recorded for its id).
    expect((await postWebhook(genuine)).status).toBe(200);
    expect((await me(s.member)).subscribed).toBe(true);
  });

  it('the test checkout does not exist when Stripe is configured', async () => {
    expect((await call(billing, 'GET', `/api/v1/billing/test-checkout/${randomUUID()}`)).status).toBe(404);
  });
});

const cancellationRow = (subscriptionId: string) =>
  billing.service.context.db
    .selectFrom('provider_cancellations')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst();

async function activeSubscription(): Promise<Subscription> {
  const s = await newSubscription();
  expect((await postWebhook(signed(checkoutCompleted(s)))).status).toBe(200);
  await eventually(() => eventsFor(billing, s.member.userId, 'billing.membership.activated.v1')[0]);
  return s;
}

describe('a deleted account with a Stripe subscription', () => {
  it('is forgotten and committed before Stripe is asked to stop the subscription (no transaction waits on Stripe)', async () => {
    const s = await activeSubscription();
    let answerStripe!: () => void;
    stripe.holdSubscriptionDeletes = new Promise((resolve) => (answerStripe = resolve));
    try {
      await infra.bus.publish(eventEnvelope(UserDeleted, { userId: s.member.userId }));
      await eventually(() =>
        stripe.requests.find((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${s.id}`),
      );
      // Stripe has not answered yet, and the deletion is already visible to everyone else.
      const db = billing.service.context.db;
      expect(await db.selectFrom('members').select('user_id').where('user_id', '=', s.member.userId).execute()).toEqual(
        [],
      );
      expect(await membershipRow(s.id)).toMatchObject({ status: 'cancelled' });
      expect(await cancellationRow(s.id)).toMatchObject({ done_at: null });
    } finally {
      answerStripe();
      stripe.holdSubscriptionDeletes = undefined;
    }
    await eventually(async () => (await cancellationRow(s.id))?.done_at);
    expect(stripe.subscriptions.get(s.id)!.status).toBe('canceled');
  });

  it('keeps asking Stripe to stop the subscription until it confirms', async () => {
    const s = await activeSubscription();
    stripe.failing = true;
    try {
      await infra.bus.publish(eventEnvelope(UserDeleted, { userId: s.member.userId }));
      await eventually(async () => (await cancellationRow(s.id))?.attempts === 1);
      expect(stripe.subscriptions.get(s.id)!.status).toBe('active');
    } finally {
      stripe.failing = false;
    }
    await runHousekeeping(billing.service.deps);
    expect(await cancellationRow(s.id)).toMatchObject({ attempts: 1, last_error: null });
    expect((await cancellationRow(s.id))?.done_at).toBeInstanceOf(Date);
    expect(stripe.subscriptions.get(s.id)!.status).toBe('canceled');
  });
});

describe('admin sync from Stripe', () => {
  it("activates a membership Stripe knows about and then answers 'No Changes'", async () => {
    const admin = await billing.tokens.token({ perms: ['system_settings'] });
    const s = await newSubscription(1, days(20));
    const first = await call(billing, 'POST', '/api/v1/billing/admin/sync', {
      token: admin,
      body: { email: s.member.email },
    });
    expect((await first.json()) as SyncMembershipResult).toMatchObject({
      synced: true,
      userId: s.member.userId,
      title: 'Success',
    });
    expect((await me(s.member)).subscribed).toBe(true);
    const second = await call(billing, 'POST', '/api/v1/billing/admin/sync', {
      token: admin,
      body: { email: s.member.email },
    });
    expect((await second.json()) as SyncMembershipResult).toMatchObject({
      synced: false,
      title: 'No Changes',
    });

    stripe.failing = true;
    try {
      const failed = await call(billing, 'POST', '/api/v1/billing/admin/sync', {
        token: admin,
        body: { email: s.member.email },
      });
      expect(((await failed.json()) as ErrorBody).error.title).toBe('Sync Failed');
    } finally {
      stripe.failing = false;
    }
  });
});

describe('Stripe plan changes', () => {
  const community = () => plans.find((p) => !p.innerCircle)!;
  const inner = () => plans.find((p) => p.innerCircle)!;

  /** A Community member on Stripe, 18 of 30 days left, activated by Stripe's checkout webhook. */
  async function communityMember(): Promise<Subscription> {
    const s = await newSubscription(0, days(18));
    stripe.subscriptions.get(s.id)!.periodStart = unix(days(-12));
    expect((await postWebhook(signed(checkoutCompleted(s)))).status).toBe(200);
    await eventually(() => eventsFor(billing, s.member.userId, 'billing.membership.activated.v1')[0]);
    return s;
  }

  const preview = (s: Subscription, planId: string) =>
    call(billing, 'POST', '/api/v1/billing/memberships/me/plan-change/preview', {
      token: s.member.token,
      body: { planId },
    });
  const confirm = (s: Subscription, planId: string, prorationDate: string) =>
    call(billing, 'POST', '/api/v1/billing/memberships/me/plan-change', {
      token: s.member.token,
      body: { planId, prorationDate },
    });

  /** Stripe's customer.subscription.updated for the fake's subscription as it now stands. */
  async function subscriptionUpdated(s: Subscription, created = new Date()) {
    const current = (await (
      await fetch(`${stripe.url}/v1/subscriptions/${s.id}`, {
        headers: { authorization: 'Bearer sk_test_x' },
      })
    ).json()) as Record<string, unknown>;
    return { ...evt('customer.subscription.updated', current), created: unix(created) };
  }

  it("upgrades with Stripe: previews with Stripe's proration, updates the subscription with always_invoice, announces once", async () => {
    const s = await communityMember();
    const shown = await preview(s, inner().id);
    expect(shown.status).toBe(200);
    const quote = (await shown.json()) as PlanChangePreview;
    const at = unix(new Date(quote.prorationDate));
    const previewed = stripe.requests.filter((r) => r.path === '/v1/invoices/create_preview').at(-1)!.form;
    expect(previewed.get('subscription')).toBe(s.id);
    expect(previewed.get('subscription_details[proration_behavior]')).toBe('always_invoice');
    expect(previewed.get('subscription_details[proration_date]')).toBe(String(at));
    expect(previewed.get('subscription_details[items][0][price_data][unit_amount]')).toBe('1900');
    // The fake prorates as Stripe does: to the second over the 30-day period.
    const left = unix(days(18)) - at;
    const total = 30 * 86_400;
    const credit = Math.round((1200 * left) / total);
    const charge = Math.round((1900 * left) / total);
    expect(quote).toMatchObject({
      direction: 'upgrade',
      creditCents: credit,
      chargeCents: charge,
      amountDueNowCents: charge - credit,
      creditBalanceCents: 0,
    });

    const changed = await confirm(s, inner().id, quote.prorationDate);
    expect(changed.status).toBe(200);
    expect((await changed.json()) as MyMembership).toMatchObject({
      innerCircle: true,
      plan: { id: inner().id },
    });
    const update = stripe.requests.find(
      (r) => r.path === `/v1/subscriptions/${s.id}` && r.method === 'POST' && r.form.has('items[0][id]'),
    )!.form;
    expect(update.get('proration_behavior')).toBe('always_invoice');
    expect(update.get('payment_behavior')).toBe('pending_if_incomplete');
    expect(update.get('proration_date')).toBe(String(at));
    expect(update.get('items[0][price_data][product]')).toBe(`mer_plan_${inner().id.replace(/-/g, '')}`);
    expect(stripe.subscriptions.get(s.id)!.metadata.planId).toBe(inner().id);
    const event = await eventually(
      () => eventsFor(billing, s.member.userId, 'billing.membership.plan-changed.v1')[0],
    );
    expect(event.payload).toMatchObject({
      innerCircle: true,
      previousInnerCircle: false,
      planId: inner().id,
    });

    // Stripe's own webhook for the update finds nothing left to change; an older one cannot undo it.
    expect((await postWebhook(signed(await subscriptionUpdated(s)))).status).toBe(200);
    const stale = await subscriptionUpdated(s, days(-1));
    const staleItem = (stale.data.object as { items: { data: { price: Record<string, unknown> }[] } }).items
      .data[0]!.price;
    staleItem.product = 'prod_from_checkout';
    staleItem.unit_amount = 1200;
    (stale.data.object as { metadata: Record<string, string> }).metadata = {
      userId: s.member.userId,
      planId: community().id,
    };
    expect((await postWebhook(signed(stale))).status).toBe(200);
    await settle();
    expect(eventsFor(billing, s.member.userId, 'billing.membership.plan-changed.v1')).toHaveLength(1);
    expect((await me(s.member)).plan?.id).toBe(inner().id);
  });

  it('follows a change Stripe reports by webhook (a downgrade made elsewhere) and announces it', async () => {
    const s = await communityMember();
    const row = (await membershipRow(s.id))!;
    await billing.service.context.db
      .updateTable('memberships')
      .set({ membership_type_id: inner().id })
      .where('id', '=', row.id)
      .execute();
    const sub = stripe.subscriptions.get(s.id)!;
    sub.product = `mer_plan_${community().id.replace(/-/g, '')}`;
    expect((await postWebhook(signed(await subscriptionUpdated(s)))).status).toBe(200);
    const event = await eventually(
      () => eventsFor(billing, s.member.userId, 'billing.membership.plan-changed.v1')[0],
    );
    expect(event.payload).toMatchObject({ innerCircle: false, previousInnerCircle: true });
  });

  it('changes nothing when the card declines the upgrade', async () => {
    const s = await communityMember();
    const quote = (await (await preview(s, inner().id)).json()) as PlanChangePreview;
    stripe.declining = true;
    try {
      const refused = await confirm(s, inner().id, quote.prorationDate);
      expect(refused.status).toBe(402);
      expect(((await refused.json()) as ErrorBody).error.title).toBe('Payment Failed');
    } finally {
      stripe.declining = false;
    }
    expect((await me(s.member)).plan?.id).toBe(community().id);
    await settle();
    expect(eventsFor(billing, s.member.userId, 'billing.membership.plan-changed.v1')).toHaveLength(0);
    expect(
      await billing.service.context.db
        .selectFrom('plan_changes')
        .selectAll()
        .where('user_id', '=', s.member.userId)
        .execute(),
    ).toEqual([]);
  });
});
