import { describe, expect, it } from 'vitest';
import { currentPriceCents, discountedCents } from './pricing.ts';
import { addBillingCycle, isSubscribed, laterExpiry } from './membership.ts';
import { isUpgrade, prorate, settleProration } from './proration.ts';

describe('pricing', () => {
  const plan = {
    priceCents: 2900,
    earlyBirdPriceCents: 1900,
    earlyBirdEndsAt: new Date('2027-01-01T00:00:00Z'),
  };

  it('charges the early-bird price until it ends, then the regular one', () => {
    expect(currentPriceCents(plan, new Date('2026-12-31T23:59:59Z'))).toBe(1900);
    expect(currentPriceCents(plan, new Date('2027-01-01T00:00:00Z'))).toBe(2900);
    expect(
      currentPriceCents({ ...plan, earlyBirdPriceCents: null, earlyBirdEndsAt: null }, new Date(0)),
    ).toBe(2900);
  });

  it('applies a percent discount in whole cents', () => {
    expect(discountedCents(1900, 20)).toBe(1520);
    expect(discountedCents(1999, 15)).toBe(1699);
    expect(discountedCents(1999, null)).toBe(1999);
    expect(discountedCents(1999, 100)).toBe(0);
    for (let cents = 0; cents < 3000; cents += 7) {
      for (const percent of [5, 10, 33, 50])
        expect(Number.isInteger(discountedCents(cents, percent))).toBe(true);
    }
  });
});

describe('membership rules', () => {
  const now = new Date('2026-11-23T10:00:00Z');

  it('is subscribed while active and unexpired', () => {
    expect(isSubscribed({ status: 'active', expires_at: null }, now)).toBe(true);
    expect(isSubscribed({ status: 'active', expires_at: new Date('2026-11-24T00:00:00Z') }, now)).toBe(true);
    expect(isSubscribed({ status: 'active', expires_at: new Date('2026-11-23T09:00:00Z') }, now)).toBe(false);
    expect(isSubscribed({ status: 'cancelled', expires_at: null }, now)).toBe(false);
  });

  it('adds calendar months, clamping the 31st', () => {
    expect(addBillingCycle(new Date('2026-01-31T12:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-02-28T12:00:00.000Z',
    );
    expect(addBillingCycle(new Date('2026-11-23T10:00:00Z'), 'yearly').toISOString()).toBe(
      '2027-11-23T10:00:00.000Z',
    );
  });

  it('never moves an expiry backwards', () => {
    const later = new Date('2027-01-01T00:00:00Z');
    const earlier = new Date('2026-12-01T00:00:00Z');
    expect(laterExpiry(later, earlier)).toEqual(later);
    expect(laterExpiry(earlier, later)).toEqual(later);
    expect(laterExpiry(null, later)).toBeNull();
  });
});

describe('proration (Stripe-style, to the second, whole cents per line)', () => {
  const periodEnd = new Date('2026-12-01T00:00:00Z'); // the period began 2026-11-01: 30 days
  const at = new Date('2026-11-16T00:00:00Z'); // half of it left

  it('credits the unused half of the current plan and charges half of the new one', () => {
    const upgrade = prorate({
      current: { unitAmountCents: 1200, billingCycle: 'monthly', periodEnd },
      next: { unitAmountCents: 1900, billingCycle: 'monthly' },
      at,
    });
    expect(upgrade).toEqual({ creditCents: 600, chargeCents: 950, nextRenewalAt: periodEnd });
    expect(settleProration(upgrade)).toEqual({ amountDueNowCents: 350, creditBalanceCents: 0 });
    const downgrade = prorate({
      current: { unitAmountCents: 1900, billingCycle: 'monthly', periodEnd },
      next: { unitAmountCents: 1200, billingCycle: 'monthly' },
      at,
    });
    expect(settleProration(downgrade)).toEqual({ amountDueNowCents: 0, creditBalanceCents: 350 });
  });

  it('rounds each line to whole cents and never credits more than a period', () => {
    const third = prorate({
      current: { unitAmountCents: 1000, billingCycle: 'monthly', periodEnd },
      next: { unitAmountCents: 2900, billingCycle: 'monthly' },
      at: new Date('2026-11-21T00:00:00Z'),
    });
    expect(third.creditCents).toBe(333);
    expect(third.chargeCents).toBe(967);
    const before = prorate({
      current: { unitAmountCents: 1000, billingCycle: 'monthly', periodEnd },
      next: { unitAmountCents: 2000, billingCycle: 'monthly' },
      at: new Date('2026-10-01T00:00:00Z'),
    });
    expect(before.creditCents).toBe(1000);
  });

  it('starts a new period with the whole price when the billing cycle changes', () => {
    const yearly = prorate({
      current: { unitAmountCents: 1200, billingCycle: 'monthly', periodEnd },
      next: { unitAmountCents: 12000, billingCycle: 'yearly' },
      at,
    });
    expect(yearly).toEqual({
      creditCents: 600,
      chargeCents: 12000,
      nextRenewalAt: new Date('2027-11-16T00:00:00Z'),
    });
  });

  it('calls a dearer plan per month an upgrade', () => {
    expect(
      isUpgrade(
        { unitAmountCents: 1200, billingCycle: 'monthly' },
        { unitAmountCents: 1900, billingCycle: 'monthly' },
      ),
    ).toBe(true);
    expect(
      isUpgrade(
        { unitAmountCents: 1900, billingCycle: 'monthly' },
        { unitAmountCents: 12000, billingCycle: 'yearly' },
      ),
    ).toBe(false);
  });
});
