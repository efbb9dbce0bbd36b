import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminMemberMembership,
  CheckoutRedirect,
  DiscountValidation,
  ErrorBody,
  MembershipPlanList,
  MyMembership,
  SyncMembershipResult,
} from '@mer/contracts';
import { UserDeleted, UserRegistered } from '@mer/contracts';
import { createTestInfra, eventEnvelope, type TestInfra } from '@mer/service-runtime/testing';
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

// billing with no Stripe key: the built-in test checkout, on real PostgreSQL and NATS when they run here.
let infra: TestInfra;
let billing: BillingHarness;
let adminToken: string;

beforeAll(async () => {
  infra = await createTestInfra();
  console.log(`billing test checkout on ${infra.describe}`);
  billing = await startBilling(infra, { EXPIRY_SWEEP_SECONDS: '1' });
  adminToken = await billing.tokens.token({ perms: ['system_admin'] });
});

afterAll(async () => {
  await billing?.stop();
  await infra?.close();
});

async function plans(): Promise<MembershipPlanList['plans']> {
  const response = await call(billing, 'GET', '/api/v1/billing/plans');
  expect(response.status).toBe(200);
  return ((await response.json()) as MembershipPlanList).plans;
}

async function me(member: TestMember): Promise<MyMembership> {
  const response = await call(billing, 'GET', '/api/v1/billing/memberships/me', { token: member.token });
  expect(response.status).toBe(200);
  return (await response.json()) as MyMembership;
}

async function checkout(member: TestMember, planId: string): Promise<string> {
  const response = await call(billing, 'POST', '/api/v1/billing/checkouts', {
    token: member.token,
    body: { planId },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as CheckoutRedirect).url;
}

const localPath = (url: string) => new URL(url, 'http://mer.test').pathname;

describe('plans', () => {
  it('seeds a basic plan and InnerCircle Membership with an early-bird price, cheapest first', async () => {
    const list = await plans();
    expect(list.map((p) => p.name)).toEqual(['Community Membership', 'InnerCircle Membership']);
    const inner = list[1]!;
    expect(inner).toMatchObject({
      currency: 'EUR',
      billingCycle: 'monthly',
      innerCircle: true,
      priceCents: 2900,
    });
    expect(inner.earlyBirdPriceCents).toBe(1900);
    expect(inner.currentPriceCents).toBe(1900);
    expect(inner.features).toContain('No ads, ever: a calm, distraction-free space');
    for (const plan of list) expect(Number.isInteger(plan.priceCents)).toBe(true);
  });

  it('lets admins create, edit, reorder and deactivate plans; others are refused', async () => {
    const member = await registerMember(infra, billing);
    const refused = await call(billing, 'POST', '/api/v1/billing/admin/plans', {
      token: member.token,
      body: { name: 'Patron', priceCents: 9900, billingCycle: 'yearly' },
    });
    expect(refused.status).toBe(403);

    const created = await call(billing, 'POST', '/api/v1/billing/admin/plans', {
      token: adminToken,
      body: { name: 'Patron', priceCents: 9900, billingCycle: 'yearly', features: ['Support the community'] },
    });
    expect(created.status).toBe(201);
    const patron = (await created.json()) as MembershipPlanList['plans'][number];
    expect((await plans()).map((p) => p.name)).toContain('Patron');

    const badEarlyBird = await call(billing, 'PATCH', `/api/v1/billing/admin/plans/${patron.id}`, {
      token: adminToken,
      body: { earlyBirdPriceCents: 12000, earlyBirdEndsAt: '2030-01-01T00:00:00Z' },
    });
    expect(badEarlyBird.status).toBe(400);

    const edited = await call(billing, 'PATCH', `/api/v1/billing/admin/plans/${patron.id}`, {
      token: adminToken,
      body: { priceCents: 8900 },
    });
    expect(((await edited.json()) as { priceCents: number }).priceCents).toBe(8900);

    const all = (await plans()).map((p) => p.id).reverse();
    const reordered = await call(billing, 'POST', '/api/v1/billing/admin/plans/reorder', {
      token: adminToken,
      body: { planIds: all },
    });
    expect(reordered.status).toBe(200);
    const order = ((await reordered.json()) as MembershipPlanList).plans.map((p) => p.id);
    expect(order.slice(0, all.length)).toEqual(all);

    await call(billing, 'PATCH', `/api/v1/billing/admin/plans/${patron.id}`, {
      token: adminToken,
      body: { active: false },
    });
    expect((await plans()).map((p) => p.name)).not.toContain('Patron');
  });
});

describe('the test checkout', () => {
  it('charges the early-bird price less the invitation discount, and Pay activates through the webhook code', async () => {
    const member = await registerMember(infra, billing, 20);
    const inner = (await plans()).find((p) => p.innerCircle)!;

    const validation = await call(billing, 'POST', '/api/v1/billing/discounts/validate', {
      token: member.token,
      body: { code: 'WELCOME20', planId: inner.id },
    });
    expect((await validation.json()) as DiscountValidation).toEqual({
      valid: true,
      discountPercent: 20,
      error: null,
    });

    const url = await checkout(member, inner.id);
    expect(url).toMatch(/^\/api\/v1\/billing\/test-checkout\/[0-9a-f-]{36}$/);
    const page = await call(billing, 'GET', localPath(url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('TEST PAYMENT');
    expect(html).toContain('InnerCircle Membership');
    expect(html).toContain('€19.00');
    expect(html).toContain('<s>€29.00</s>');
    expect(html).toContain('20%');
    expect(html).toContain('€15.20');
    expect(html).not.toContain('<script');
    // MER's look from a stylesheet of its own (no inline style under the CSP), the TEST MODE mark,
    // the site's favicon, and labelled controls.
    expect(html).toContain('TEST MODE');
    expect(html).not.toMatch(/<style|style="/);
    expect(html).toContain('<link rel="icon" href="/favicon.svg"');
    const stylesheet = html.match(/<link rel="stylesheet" href="([^"]+)"/)![1]!;
    const css = await call(billing, 'GET', stylesheet);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(await css.text()).toContain('--ink-900: #1d1f3d');
    expect(html).toMatch(/<button type="submit" class="pay">Pay €15.20<\/button>/);

    const paid = await call(billing, 'POST', `${localPath(url)}/pay`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: '',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('/membership?payment=success');

    const status = await me(member);
    expect(status).toMatchObject({
      subscribed: true,
      innerCircle: true,
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(status.plan?.name).toBe('InnerCircle Membership');
    expect(new Date(status.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    const activated = await eventually(
      () => eventsFor(billing, member.userId, 'billing.membership.activated.v1')[0],
    );
    expect(activated.payload).toMatchObject({
      userId: member.userId,
      planId: inner.id,
      planName: 'InnerCircle Membership',
      status: 'active',
      innerCircle: true,
    });

    // Admins see the membership with the price per period and the first payment, discounted once.
    const forAdmin = await call(billing, 'GET', `/api/v1/billing/admin/members/${member.userId}/membership`, {
      token: adminToken,
    });
    expect(forAdmin.status).toBe(200);
    const adminView = (await forAdmin.json()) as AdminMemberMembership;
    expect(adminView).toMatchObject({
      plan: { id: inner.id, innerCircle: true },
      status: 'active',
      amountCents: 1900,
      currency: 'EUR',
      discountPercent: 20,
      provider: 'test',
      currentPeriodEnd: status.expiresAt,
    });
    expect(adminView.payments).toMatchObject([
      {
        kind: 'first_payment',
        amountCents: 1520,
        currency: 'EUR',
        invoiceId: expect.stringMatching(/^in_test_/),
      },
    ]);

    // The page is gone once paid, and paying twice changes nothing.
    expect((await call(billing, 'GET', localPath(url))).status).toBe(404);
    expect((await call(billing, 'POST', `${localPath(url)}/pay`)).status).toBe(404);
    const again = await call(billing, 'POST', '/api/v1/billing/checkouts', {
      token: member.token,
      body: { planId: inner.id },
    });
    expect(again.status).toBe(409);
    await settle();
    expect(eventsFor(billing, member.userId)).toHaveLength(1);
  });

  it('Cancel returns to /membership with nothing activated', async () => {
    const member = await registerMember(infra, billing);
    const basic = (await plans())[0]!;
    const url = await checkout(member, basic.id);
    const html = await (await call(billing, 'GET', localPath(url))).text();
    expect(html).toContain('€12.00');
    expect(html).not.toContain('discount');

    const cancelled = await call(billing, 'POST', `${localPath(url)}/cancel`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: '',
    });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('/membership?payment=cancelled');
    expect(await me(member)).toMatchObject({ subscribed: false, status: 'none', plan: null });
    expect((await call(billing, 'POST', `${localPath(url)}/pay`)).status).toBe(404);
    await settle();
    expect(eventsFor(billing, member.userId)).toHaveLength(0);
  });

  it('refuses an unknown plan and a member without a token', async () => {
    const member = await registerMember(infra, billing);
    const unknown = await call(billing, 'POST', '/api/v1/billing/checkouts', {
      token: member.token,
      body: { planId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.code).toBe('item_not_found');
    const bad = await call(billing, 'POST', '/api/v1/billing/checkouts', {
      token: member.token,
      body: { planId: 'x' },
    });
    expect(bad.status).toBe(400);
    expect((await call(billing, 'GET', '/api/v1/billing/memberships/me')).status).toBe(401);
    const noDiscount = await call(billing, 'POST', '/api/v1/billing/discounts/validate', {
      token: member.token,
      body: { code: 'ANY' },
    });
    expect(((await noDiscount.json()) as DiscountValidation).valid).toBe(false);
  });
});

describe('a membership over time', () => {
  async function subscribe(member: TestMember, planIndex = 0): Promise<void> {
    const url = await checkout(member, (await plans())[planIndex]!.id);
    expect((await call(billing, 'POST', `${localPath(url)}/pay`)).status).toBe(303);
  }

  it('cancels at period end: access lasts, the cancellation is announced once', async () => {
    const member = await registerMember(infra, billing);
    await subscribe(member);
    for (let i = 0; i < 2; i++) {
      const response = await call(billing, 'POST', '/api/v1/billing/memberships/me/cancel', {
        token: member.token,
      });
      expect(response.status).toBe(200);
      expect((await response.json()) as MyMembership).toMatchObject({
        subscribed: true,
        cancelAtPeriodEnd: true,
        status: 'active',
      });
    }
    await eventually(() => eventsFor(billing, member.userId, 'billing.membership.cancelled.v1')[0]);
    await settle();
    expect(eventsFor(billing, member.userId, 'billing.membership.cancelled.v1')).toHaveLength(1);
    expect(
      (await call(billing, 'POST', '/api/v1/billing/memberships/me/portal', { token: member.token })).status,
    ).toBe(404);
  });

  it('ends access at expiry and the sweep announces billing.membership.expired.v1', async () => {
    const member = await registerMember(infra, billing);
    await subscribe(member);
    await billing.service.context.db
      .updateTable('memberships')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', member.userId)
      .execute();
    // Read time: access is gone at once, before the sweep runs.
    expect(await me(member)).toMatchObject({ subscribed: false, innerCircle: false });
    const expired = await eventually(
      () => eventsFor(billing, member.userId, 'billing.membership.expired.v1')[0],
      5000,
    );
    expect(expired.payload).toMatchObject({ status: 'expired', userId: member.userId });
    expect(await me(member)).toMatchObject({ subscribed: false, status: 'expired' });
    // Without a membership a new checkout is possible again.
    await checkout(member, (await plans())[0]!.id);
  });
});

describe('admin sync', () => {
  it("answers with the spec's texts", async () => {
    const member = await registerMember(infra, billing);
    const blank = await call(billing, 'POST', '/api/v1/billing/admin/sync', {
      token: adminToken,
      body: { email: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as ErrorBody).error).toMatchObject({
      title: 'Email Required',
      message: 'Please enter a user email address',
    });
    const none = await call(billing, 'POST', '/api/v1/billing/admin/sync', {
      token: adminToken,
      body: { email: member.email },
    });
    expect(none.status).toBe(200);
    expect((await none.json()) as SyncMembershipResult).toEqual({
      synced: false,
      userId: member.userId,
      title: 'No Changes',
      message: 'No active subscription found in the card payment provider',
    });
    const forbidden = await call(billing, 'POST', '/api/v1/billing/admin/sync', {
      token: member.token,
      body: { email: member.email },
    });
    expect(forbidden.status).toBe(403);
  });
});

describe('a deleted account', () => {
  it('forgets the member, ends the membership and keeps the bookkeeping records', async () => {
    const member = await registerMember(infra, billing, 10);
    const url = await checkout(member, (await plans())[0]!.id);
    expect((await call(billing, 'POST', `${localPath(url)}/pay`)).status).toBe(303);
    await infra.bus.publish(eventEnvelope(UserDeleted, { userId: member.userId }));
    const cancelled = await eventually(
      () => eventsFor(billing, member.userId, 'billing.membership.cancelled.v1')[0],
    );
    expect(cancelled.payload).toMatchObject({ status: 'cancelled' });
    const db = billing.service.context.db;
    expect(await db.selectFrom('members').selectAll().where('user_id', '=', member.userId).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('discounts').selectAll().where('user_id', '=', member.userId).execute(),
    ).toEqual([]);
    const kept = await db
      .selectFrom('checkouts')
      .select(['amount_cents', 'status'])
      .where('user_id', '=', member.userId)
      .execute();
    expect(kept).toEqual([{ amount_cents: 1080, status: 'completed' }]);
    expect(await me(member)).toMatchObject({ subscribed: false, status: 'cancelled' });
  });

  it('is not brought back by a late registration event', async () => {
    const member = await registerMember(infra, billing, 15);
    await infra.bus.publish(eventEnvelope(UserDeleted, { userId: member.userId }));
    const db = billing.service.context.db;
    const memberRow = () =>
      db.selectFrom('members').select('user_id').where('user_id', '=', member.userId).executeTakeFirst();
    await eventually(async () => (await memberRow()) === undefined);
    // identity's events of different subjects are not ordered: the sign-up may arrive after the deletion.
    await infra.bus.publish(
      eventEnvelope(UserRegistered, {
        userId: member.userId,
        email: member.email,
        name: 'Ana Lua',
        username: `ana_${member.userId.slice(0, 8)}`,
        discountPercent: 15,
        emailConfirmationUrl: 'http://mer.test/confirm-email?token=x',
        registeredAt: new Date().toISOString(),
      }),
    );
    await settle(800);
    expect(await memberRow()).toBeUndefined();
    expect(
      await db.selectFrom('discounts').select('user_id').where('user_id', '=', member.userId).execute(),
    ).toEqual([]);
  });
});
