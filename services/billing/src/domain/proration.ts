import { addBillingCycle } from './membership.ts';

/**
 * Proration of a plan change, the way Stripe computes it (to the second, each line rounded to whole
 * cents): a credit for the unused time of the current plan and a charge for the new plan over the
 * same time. Between plans of the same billing cycle the period keeps its end; to another cycle a
 * new period starts now and the new plan's whole price is charged (Stripe resets the billing anchor).
 */
export type BillingCycle = 'monthly' | 'yearly';

export interface ProrationInput {
  current: { unitAmountCents: number; billingCycle: BillingCycle; periodEnd: Date };
  next: { unitAmountCents: number; billingCycle: BillingCycle };
  at: Date;
}

export interface Proration {
  creditCents: number;
  chargeCents: number;
  /** When the next full payment is due (the new period's start). */
  nextRenewalAt: Date;
}

export function prorate({ current, next, at }: ProrationInput): Proration {
  const periodStart = addBillingCycle(current.periodEnd, current.billingCycle, -1);
  const total = current.periodEnd.getTime() - periodStart.getTime();
  const remaining = Math.min(total, Math.max(0, current.periodEnd.getTime() - at.getTime()));
  const unused = (cents: number) =>
    Math.round((cents * Math.floor(remaining / 1000)) / Math.floor(total / 1000));
  const creditCents = unused(current.unitAmountCents);
  if (next.billingCycle === current.billingCycle) {
    return { creditCents, chargeCents: unused(next.unitAmountCents), nextRenewalAt: current.periodEnd };
  }
  return {
    creditCents,
    chargeCents: next.unitAmountCents,
    nextRenewalAt: addBillingCycle(at, next.billingCycle),
  };
}

/** Charged now and kept as credit for later payments: the net of a proration, never both. */
export function settleProration(p: { creditCents: number; chargeCents: number }): {
  amountDueNowCents: number;
  creditBalanceCents: number;
} {
  const net = p.chargeCents - p.creditCents;
  return { amountDueNowCents: Math.max(0, net), creditBalanceCents: Math.max(0, -net) };
}

/** A plan costs more per month than another: moving to it is an upgrade. */
export function isUpgrade(
  from: { unitAmountCents: number; billingCycle: BillingCycle },
  to: { unitAmountCents: number; billingCycle: BillingCycle },
): boolean {
  const monthly = (p: { unitAmountCents: number; billingCycle: BillingCycle }) =>
    p.billingCycle === 'monthly' ? p.unitAmountCents : p.unitAmountCents / 12;
  return monthly(to) > monthly(from);
}
