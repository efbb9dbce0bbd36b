/*
 * The copy of billing's memberships and which of two announcements about one membership is the newer (the
 * same rule as profile-onboarding's copy: billing's events come on one durable consumer per subject, so they
 * may be handled in any order). An expiry only moves forwards; a membership cancelled and ended never comes
 * back; occurredAt only breaks a tie of identical facts.
 */

export type MembershipStatus = 'active' | 'cancelled' | 'expired';

export interface MembershipState {
  status: MembershipStatus;
  /** null: no expiry. */
  expiresAt: Date | null;
  cancelAtPeriodEnd: boolean;
  occurredAt: Date;
}

/** Within one expiry: active, then active but cancelling at period end, then expired. */
function stage(m: MembershipState): number {
  if (m.status === 'expired') return 2;
  return m.cancelAtPeriodEnd ? 1 : 0;
}

const expiryOf = (m: MembershipState) => (m.expiresAt === null ? Infinity : m.expiresAt.getTime());

/** True when `incoming` describes the membership later than `stored` does (so it replaces it). */
export function supersedes(incoming: MembershipState, stored: MembershipState): boolean {
  if (stored.status === 'cancelled') return false;
  if (incoming.status === 'cancelled') return true;
  const byExpiry = expiryOf(incoming) - expiryOf(stored);
  if (byExpiry !== 0 && !Number.isNaN(byExpiry)) return byExpiry > 0;
  const byStage = stage(incoming) - stage(stored);
  if (byStage !== 0) return byStage > 0;
  return incoming.occurredAt.getTime() > stored.occurredAt.getTime();
}

/** Whether any of a member's memberships gives access now (active, and not past its expiry). */
export function hasActiveMembership(memberships: readonly MembershipState[], now: Date): boolean {
  return memberships.some((m) => m.status === 'active' && (m.expiresAt === null || m.expiresAt > now));
}
