import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingDataExport, CheckoutRedirect, MembershipPlanList } from '@mer/contracts';
import { createTestInfra, type TestInfra } from '@mer/service-runtime/testing';
import { call, registerMember, startBilling, type BillingHarness, type TestMember } from './harness.ts';

const EXPORT = '/api/v1/billing/me/export';

// billing's part of "Download my data", with the built-in test checkout, on real PostgreSQL and NATS when they run.
let infra: TestInfra;
let billing: BillingHarness;
let ana: TestMember;
let rio: TestMember;

async function subscribe(member: TestMember): Promise<void> {
  const plans = ((await (await call(billing, 'GET', '/api/v1/billing/plans')).json()) as MembershipPlanList)
    .plans;
  const started = await call(billing, 'POST', '/api/v1/billing/checkouts', {
    token: member.token,
    body: { planId: plans[0]!.id },
  });
  const { url } = (await started.json()) as CheckoutRedirect;
  expect((await call(billing, 'POST', `${new URL(url, 'http://mer.test').pathname}/pay`)).status).toBe(303);
}

beforeAll(async () => {
  infra = await createTestInfra();
  billing = await startBilling(infra);
  ana = await registerMember(infra, billing, 20);
  rio = await registerMember(infra, billing, 10);
  await subscribe(ana);
  await subscribe(rio);
});

afterAll(async () => {
  await billing?.stop();
  await infra?.close();
});

describe("billing's part of Download my data", () => {
  it("holds the member's registration, membership, payment, checkout and discount, and nobody else's", async () => {
    const response = await call(billing, 'GET', EXPORT, { token: ana.token });
    expect(response.status).toBe(200);
    const part = (await response.json()) as BillingDataExport;
    expect(part).toMatchObject({ service: 'billing', version: 1 });
    expect(part.data.member).toMatchObject({ email: ana.email, name: 'Ana Lua' });
    expect(part.data.memberships).toEqual([
      expect.objectContaining({ planName: 'Community Membership', status: 'active', provider: 'test' }),
    ]);
    expect(part.data.checkouts).toEqual([
      expect.objectContaining({ planName: 'Community Membership', discountPercent: 20, status: 'completed' }),
    ]);
    expect(part.data.checkouts[0]!.amountCents).toBeLessThan(part.data.checkouts[0]!.listPriceCents);
    expect(part.data.payments).toEqual([
      expect.objectContaining({
        kind: 'first_payment',
        amountCents: part.data.checkouts[0]!.amountCents,
        currency: 'EUR',
      }),
    ]);
    expect(part.data.discounts).toEqual([expect.objectContaining({ percent: 20 })]);
    const text = JSON.stringify(part);
    expect(text).not.toContain(rio.userId);
    expect(text).not.toContain(rio.email);
  });

  it("holds no provider session id (it opens the member's payment page)", async () => {
    const sessions = await billing.service.context.db
      .selectFrom('checkouts')
      .select('provider_session_id')
      .where('user_id', '=', ana.userId)
      .execute();
    const text = await (await call(billing, 'GET', EXPORT, { token: ana.token })).text();
    for (const { provider_session_id: id } of sessions) if (id) expect(text).not.toContain(id);
    expect(text).not.toMatch(/secret|token|hash/i);
  });

  it('gives a member billing has not heard of yet empty lists', async () => {
    const stranger = await billing.tokens.token({ sub: '6f1c7a52-1f0e-4a43-8f4d-2d0f5b6b7a11' });
    const part = (await (
      await call(billing, 'GET', EXPORT, { token: stranger })
    ).json()) as BillingDataExport;
    expect(part.data).toEqual({ member: null, memberships: [], payments: [], checkouts: [], discounts: [] });
  });

  it('refuses a caller without a valid token', async () => {
    expect((await call(billing, 'GET', EXPORT)).status).toBe(401);
    expect((await call(billing, 'GET', EXPORT, { token: 'forged' })).status).toBe(401);
  });
});
