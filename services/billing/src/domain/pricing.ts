/** Prices are integer euro cents everywhere; these rules never see a float amount leave them. */

export interface PriceFacts {
  priceCents: number;
  earlyBirdPriceCents: number | null;
  earlyBirdEndsAt: Date | null;
}

/** The price a checkout started at `now` charges before any discount: early bird while it lasts. */
export function currentPriceCents(plan: PriceFacts, now: Date): number {
  if (plan.earlyBirdPriceCents !== null && plan.earlyBirdEndsAt !== null && now < plan.earlyBirdEndsAt) {
    return plan.earlyBirdPriceCents;
  }
  return plan.priceCents;
}

/** The amount after a percent discount, rounded half up to whole cents (as Stripe's coupons do). */
export function discountedCents(amountCents: number, discountPercent: number | null): number {
  if (!discountPercent) return amountCents;
  const percent = Math.min(100, Math.max(0, Math.trunc(discountPercent)));
  return amountCents - Math.round((amountCents * percent) / 100);
}

/** A euro amount for the test checkout page (the web app formats with the browser's locale). */
export function formatEuros(cents: number): string {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
