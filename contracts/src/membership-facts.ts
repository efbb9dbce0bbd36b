/*
 * Billing's membership facts as the services that keep a copy of them read them (profile-onboarding,
 * social-graph, …): one copy per membership id, and which of two announcements about the
 * same membership is the newer. Billing's events come on one durable consumer per subject, so an
 * expired.v1 may be handled after the activated.v1 that revived the membership, or a renewed.v1
 * before the activated.v1 it follows. Billing's README gives the rules these facts follow: an expiry
 * only moves forwards; a revival (late payment) always brings a later expiry; a membership that was
 * cancelled and ended (status cancelled) never comes back. So the facts order themselves; occurredAt
 * (billing's clock) only breaks a tie of identical facts.
 */

export type MembershipFactStatus = 'active' | 'cancelled' | 'expired';

export interface MembershipState {
  status: MembershipFactStatus;
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
  if (stored.status === 'cancelled') return false; // ended: final
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
