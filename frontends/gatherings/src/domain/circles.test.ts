import { describe, expect, it } from 'vitest';
import { membershipAction } from './circles.ts';

describe('what a member can do about a circle', () => {
  const approved = { approvalStatus: 'approved' as const };
  it('joins an open circle, asks for one by request, accepts an invitation and leaves', () => {
    expect(membershipAction({ ...approved, joinPolicy: 'open', myStanding: 'none' })?.label).toBe(
      'Join circle',
    );
    expect(membershipAction({ ...approved, joinPolicy: 'request', myStanding: 'none' })?.label).toBe(
      'Ask to join',
    );
    expect(membershipAction({ ...approved, joinPolicy: 'invitation', myStanding: 'none' })).toBeNull();
    expect(membershipAction({ ...approved, joinPolicy: 'invitation', myStanding: 'invited' })?.label).toBe(
      'Accept invitation',
    );
    expect(membershipAction({ ...approved, joinPolicy: 'request', myStanding: 'requested' })?.label).toBe(
      'Withdraw request',
    );
    expect(membershipAction({ ...approved, joinPolicy: 'open', myStanding: 'member' })?.kind).toBe('leave');
    expect(membershipAction({ ...approved, joinPolicy: 'open', myStanding: 'holder' })).toBeNull();
    expect(
      membershipAction({ approvalStatus: 'pending', joinPolicy: 'open', myStanding: 'none' }),
    ).toBeNull();
  });
});
