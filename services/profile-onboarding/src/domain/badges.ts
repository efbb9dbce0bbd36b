import type { Badge, ProfileRole } from '@mer/contracts';

/** Spec 000 section 3 "Badge types": the shown ones, with their priority. */
export const BADGES = {
  innercircle_member: { label: 'InnerCircle Member', priority: 110 },
  facilitator: { label: 'Facilitator', priority: 100 },
  energy_healer: { label: 'Community Mentors', priority: 95 },
  community_leader: { label: 'Community Leader', priority: 90 },
  coach: { label: 'Coach', priority: 88 },
  mentor: { label: 'Mentor', priority: 85 },
  spiritual_seeker: { label: 'Spiritual Seeker', priority: 80 },
  new_member: { label: 'New Member', priority: 10 },
} as const;
export type BadgeType = keyof typeof BADGES;

/** Spec 000 section 9: new member window 30 days. */
export const NEW_MEMBER_WINDOW_MS = 30 * 24 * 3600_000;

/** A membership as billing announced it; `innerCircle` is billing's word that the plan is InnerCircle Membership. */
export interface MembershipCopy {
  innerCircle: boolean;
  status: string;
  expiresAt: Date | null;
}

export interface BadgeFacts {
  createdAt: Date;
  isFacilitator: boolean;
  role: ProfileRole | null;
  /** An active admin_users record, as identity.user.roles-changed.v1 last said. */
  isAdmin: boolean;
  /** Every membership of the member billing told us about (ended ones included). */
  memberships: readonly MembershipCopy[];
}

/**
 * Spec 000 section 4 "Membership status": an active membership whose expires_at is null or in the
 * future, of the plan named InnerCircle Membership. Time-based: a membership past its expiry stops
 * counting at once, before billing's expiry sweep announces it.
 */
export function isInnerCircleMember(memberships: readonly MembershipCopy[], now: Date): boolean {
  return memberships.some(
    (m) =>
      m.innerCircle &&
      m.status === 'active' &&
      (m.expiresAt === null || m.expiresAt.getTime() > now.getTime()),
  );
}

/** Every badge the member has unlocked, highest priority first. */
export function computeBadges(facts: BadgeFacts, now: Date = new Date()): Badge[] {
  const types: BadgeType[] = [];
  if (isInnerCircleMember(facts.memberships, now)) types.push('innercircle_member');
  if (facts.isFacilitator) types.push('facilitator');
  // Community Mentors: admins. Circle holders join once events-circles announces them (README).
  if (facts.isAdmin) types.push('energy_healer');
  if (facts.role) types.push(facts.role);
  const age = now.getTime() - facts.createdAt.getTime();
  types.push(age > NEW_MEMBER_WINDOW_MS ? 'spiritual_seeker' : 'new_member');
  return types.map((type) => ({ type, ...BADGES[type] })).sort((a, b) => b.priority - a.priority);
}
