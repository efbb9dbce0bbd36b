import { describe, expect, it } from 'vitest';
import { currentPriceCents, discountedCents } from './pricing.ts';
import { addBillingCycle, isSubscribed, laterExpiry } from './membership.ts';

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
