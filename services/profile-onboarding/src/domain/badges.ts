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

/** Spec 000 section 9: the InnerCircle membership is told apart by its name. */
export const INNER_CIRCLE_MEMBERSHIP_NAME = 'InnerCircle Membership';

export interface MembershipCopy {
  membershipName: string;
  status: string;
  expiresAt: Date | null;
}

export interface BadgeFacts {
  createdAt: Date;
  isFacilitator: boolean;
  role: ProfileRole | null;
  /** An admin (identity's admin role); circle holders join when events-circles exists. */
  isAdmin: boolean;
  membership: MembershipCopy | null;
}

/** Spec 000 section 4 "Membership status": active and expires_at null or in the future, named InnerCircle. */
export function isInnerCircleMember(membership: MembershipCopy | null, now: Date): boolean {
  return (
    membership !== null &&
    membership.status === 'active' &&
    membership.membershipName === INNER_CIRCLE_MEMBERSHIP_NAME &&
    (membership.expiresAt === null || membership.expiresAt.getTime() > now.getTime())
  );
}

/** Every badge the member has unlocked, highest priority first. */
export function computeBadges(facts: BadgeFacts, now: Date = new Date()): Badge[] {
  const types: BadgeType[] = [];
  if (isInnerCircleMember(facts.membership, now)) types.push('innercircle_member');
  if (facts.isFacilitator) types.push('facilitator');
  if (facts.isAdmin) types.push('energy_healer');
  if (facts.role) types.push(facts.role);
  const age = now.getTime() - facts.createdAt.getTime();
  types.push(age > NEW_MEMBER_WINDOW_MS ? 'spiritual_seeker' : 'new_member');
  return types.map((type) => ({ type, ...BADGES[type] })).sort((a, b) => b.priority - a.priority);
}
