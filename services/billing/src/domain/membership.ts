/** Rules of a membership's life, free of I/O. */

export const INNER_CIRCLE_PLAN_NAME = 'InnerCircle Membership';

/** Spec: subscribed is an active row whose expiry is unset or in the future. */
export function isSubscribed(m: { status: string; expires_at: Date | null }, now: Date): boolean {
  return m.status === 'active' && (m.expires_at === null || m.expires_at > now);
}

/** Spec: the InnerCircle plan is told apart by its name. */
export function isInnerCirclePlan(planName: string): boolean {
  return planName === INNER_CIRCLE_PLAN_NAME;
}

/** One billing period after `from` (calendar months; the 31st clamps to the month's last day). */
export function addBillingCycle(from: Date, cycle: 'monthly' | 'yearly', times = 1): Date {
  const months = (cycle === 'monthly' ? 1 : 12) * times;
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/**
 * The expiry after a payment for a period ending at `periodEnd`: never earlier than what the
 * member already has, so a late or replayed event cannot move it backwards.
 */
export function laterExpiry(current: Date | null, periodEnd: Date): Date | null {
  if (current === null) return null;
  return periodEnd > current ? periodEnd : current;
}
