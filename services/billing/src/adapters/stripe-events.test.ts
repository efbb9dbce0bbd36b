import { describe, expect, it } from 'vitest';
import {
  interpretStripeEvent,
  periodEndOfSubscription,
  planOfSubscription,
  planProductId,
} from './stripe-events.ts';

const event = (type: string, object: Record<string, unknown>) => ({ id: 'evt_1', type, data: { object } });

describe('interpretStripeEvent', () => {
  it('reads a subscription checkout with its metadata', () => {
    expect(
      interpretStripeEvent(
        event('checkout.session.completed', {
          mode: 'subscription',
          subscription: 'sub_1',
          customer: { id: 'cus_1' },
          client_reference_id: 'chk',
          metadata: { userId: 'u', planId: 'p' },
        }),
      ),
    ).toEqual({
      kind: 'checkout_completed',
      checkoutId: 'chk',
      userId: 'u',
      planId: 'p',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      payment: null,
    });
    expect(interpretStripeEvent(event('checkout.session.completed', { mode: 'payment' })).kind).toBe(
      'ignored',
    );
  });

  it('reads what a paid invoice collected, and the first invoice a paid checkout names', () => {
    const fact = interpretStripeEvent(
      event('invoice.paid', {
        id: 'in_1',
        subscription: 'sub_1',
        billing_reason: 'subscription_cycle',
        amount_paid: 1200,
        currency: 'eur',
        status_transitions: { paid_at: 1_800_000_000 },
      }),
    );
    expect(fact).toMatchObject({
      kind: 'invoice_paid',
      payment: {
        invoiceId: 'in_1',
        kind: 'renewal',
        amountCents: 1200,
        currency: 'eur',
        paidAt: new Date(1_800_000_000_000),
      },
    });
    const checkout = interpretStripeEvent(
      event('checkout.session.completed', {
        mode: 'subscription',
        subscription: 'sub_1',
        payment_status: 'paid',
        invoice: { id: 'in_0' },
        amount_total: 960,
        currency: 'eur',
      }),
    );
    expect(checkout).toMatchObject({
      payment: { invoiceId: 'in_0', kind: 'first_payment', amountCents: 960, paidAt: null },
    });
    const unpaid = interpretStripeEvent(
      event('checkout.session.completed', {
        mode: 'subscription',
        subscription: 'sub_1',
        payment_status: 'unpaid',
        invoice: 'in_0',
        amount_total: 960,
        currency: 'eur',
      }),
    );
    expect(unpaid).toMatchObject({ payment: null });
  });

  it('reads invoices in the current and the older API shape, taking the latest line period end', () => {
    const lines = { data: [{ period: { end: 1_800_000_000 } }, { period: { end: 1_800_000_100 } }] };
    const current = interpretStripeEvent(
      event('invoice.paid', {
        parent: { subscription_details: { subscription: 'sub_1', metadata: { userId: 'u' } } },
        lines,
      }),
    );
    const older = interpretStripeEvent(
      event('invoice.paid', {
        subscription: 'sub_1',
        subscription_details: { metadata: { userId: 'u' } },
        lines,
      }),
    );
    for (const fact of [current, older]) {
      expect(fact).toMatchObject({
        kind: 'invoice_paid',
        subscriptionId: 'sub_1',
        userId: 'u',
        periodEnd: new Date(1_800_000_100_000),
      });
    }
  });

  it('tells a scheduled cancellation from an ended subscription', () => {
    expect(
      interpretStripeEvent(
        event('customer.subscription.updated', { id: 'sub_1', status: 'active', cancel_at_period_end: true }),
      ),
    ).toMatchObject({
      kind: 'subscription_updated',
      cancelAtPeriodEnd: true,
    });
    expect(
      interpretStripeEvent(event('customer.subscription.deleted', { id: 'sub_1', ended_at: 1_800_000_000 })),
    ).toEqual({
      kind: 'subscription_ended',
      subscriptionId: 'sub_1',
      endedAt: new Date(1_800_000_000_000),
    });
    expect(interpretStripeEvent(event('charge.refunded', {})).kind).toBe('ignored');
  });

  it('finds the period end on the subscription or its items', () => {
    expect(periodEndOfSubscription({ current_period_end: 1_800_000_000 })).toEqual(
      new Date(1_800_000_000_000),
    );
    expect(periodEndOfSubscription({ items: { data: [{ current_period_end: 1_800_000_000 }] } })).toEqual(
      new Date(1_800_000_000_000),
    );
    expect(periodEndOfSubscription({})).toBeNull();
  });
});

describe('planOfSubscription', () => {
  const planId = '6f1d2c3a-8b4e-4f7a-9c1d-2e3f4a5b6c02';
  it("reads the plan from the item's product after a plan change, before the metadata", () => {
    expect(planProductId(planId)).toBe('mer_plan_6f1d2c3a8b4e4f7a9c1d2e3f4a5b6c02');
    const changed = {
      metadata: { planId: 'the-old-plan' },
      items: { data: [{ price: { unit_amount: 1900, product: planProductId(planId) } }] },
    };
    expect(planOfSubscription(changed)).toEqual({ planId, unitAmountCents: 1900 });
  });

  it("falls back to the checkout's metadata for a product billing did not make", () => {
    const fromCheckout = {
      metadata: { planId },
      items: { data: [{ price: { unit_amount: 1200, product: { id: 'prod_Abc' } } }] },
    };
    expect(planOfSubscription(fromCheckout)).toEqual({ planId, unitAmountCents: 1200 });
    expect(planOfSubscription({})).toEqual({ planId: null, unitAmountCents: null });
  });
});
