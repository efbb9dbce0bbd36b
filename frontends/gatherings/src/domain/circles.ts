import type { Circle, CircleStanding, JoinPolicy } from '@mer/contracts';

export const CATEGORY_LABELS: Record<Circle['category'], string> = {
  practice: 'Practice',
  tradition: 'Tradition',
  healing: 'Healing',
  divination: 'Divination',
  nature: 'Nature',
  community: 'Community',
};

export const JOIN_POLICIES: readonly { id: JoinPolicy; label: string; hint: string }[] = [
  { id: 'open', label: 'Open', hint: 'Any member can join.' },
  { id: 'request', label: 'By request', hint: 'Members ask to join; you or a moderator accept.' },
  { id: 'invitation', label: 'By invitation', hint: 'Only members you invite can join.' },
];

export const isCircleMember = (standing: CircleStanding) =>
  standing === 'member' || standing === 'moderator' || standing === 'holder';
export const leadsCircle = (standing: CircleStanding) => standing === 'moderator' || standing === 'holder';

/** The one membership action a member has on a circle, by their standing and its joining policy. */
export function membershipAction(
  circle: Pick<Circle, 'joinPolicy' | 'myStanding' | 'approvalStatus'>,
): { kind: 'join' | 'leave'; label: string } | null {
  if (circle.approvalStatus !== 'approved') return null;
  switch (circle.myStanding) {
    case 'holder':
      return null;
    case 'member':
    case 'moderator':
      return { kind: 'leave', label: 'Leave circle' };
    case 'requested':
      return { kind: 'leave', label: 'Withdraw request' };
    case 'invited':
      return { kind: 'join', label: 'Accept invitation' };
    default:
      if (circle.joinPolicy === 'open') return { kind: 'join', label: 'Join circle' };
      if (circle.joinPolicy === 'request') return { kind: 'join', label: 'Ask to join' };
      return null;
  }
}

export function standingLabel(standing: CircleStanding): string | null {
  return (
    {
      none: null,
      requested: 'Request sent',
      invited: "You're invited",
      member: 'Member',
      moderator: 'Moderator',
      holder: 'Holder',
    } as const
  )[standing];
}
