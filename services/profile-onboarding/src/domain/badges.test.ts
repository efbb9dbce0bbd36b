import { describe, expect, it } from 'vitest';
import { computeBadges, isInnerCircleMember, type BadgeFacts } from './badges.ts';

const now = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000);
const base: BadgeFacts = {
  createdAt: daysAgo(1),
  isFacilitator: false,
  role: null,
  isAdmin: false,
  memberships: [],
};
const types = (facts: Partial<BadgeFacts>) => computeBadges({ ...base, ...facts }, now).map((b) => b.type);

describe('computeBadges', () => {
  it('gives a member of up to 30 days New Member, older Spiritual Seeker', () => {
    expect(types({ createdAt: daysAgo(0) })).toEqual(['new_member']);
    expect(types({ createdAt: daysAgo(30) })).toEqual(['new_member']);
    expect(types({ createdAt: new Date(daysAgo(30).getTime() - 1) })).toEqual(['spiritual_seeker']);
    expect(computeBadges({ ...base, createdAt: daysAgo(31) }, now)[0]).toEqual({
      type: 'spiritual_seeker',
      label: 'Spiritual Seeker',
      priority: 80,
    });
  });

  it('orders every unlocked badge by priority, highest first', () => {
    const badges = computeBadges(
      {
        createdAt: daysAgo(100),
        isFacilitator: true,
        role: 'coach',
        isAdmin: true,
        memberships: [{ innerCircle: true, status: 'active', expiresAt: null }],
      },
      now,
    );
    expect(badges.map((b) => [b.type, b.priority])).toEqual([
      ['innercircle_member', 110],
      ['facilitator', 100],
      ['energy_healer', 95],
      ['coach', 88],
      ['spiritual_seeker', 80],
    ]);
    expect(badges.find((b) => b.type === 'energy_healer')!.label).toBe('Community Mentors');
  });

  it('shows each role value as its badge', () => {
    expect(types({ role: 'community_leader' })).toEqual(['community_leader', 'new_member']);
    expect(types({ role: 'mentor' })).toEqual(['mentor', 'new_member']);
  });
});

describe('isInnerCircleMember', () => {
  const inner = { innerCircle: true, status: 'active', expiresAt: null };
  it('needs an active, unexpired InnerCircle membership', () => {
    expect(isInnerCircleMember([inner], now)).toBe(true);
    expect(isInnerCircleMember([{ ...inner, expiresAt: new Date(now.getTime() + 1000) }], now)).toBe(true);
    expect(isInnerCircleMember([{ ...inner, expiresAt: new Date(now.getTime() - 1000) }], now)).toBe(false);
    expect(isInnerCircleMember([{ ...inner, expiresAt: now }], now)).toBe(false);
    expect(isInnerCircleMember([{ ...inner, status: 'cancelled' }], now)).toBe(false);
    expect(isInnerCircleMember([{ ...inner, status: 'expired' }], now)).toBe(false);
    expect(isInnerCircleMember([{ ...inner, innerCircle: false }], now)).toBe(false);
    expect(isInnerCircleMember([], now)).toBe(false);
  });

  it('counts any one membership: an ended one beside a newer active one does not hide it', () => {
    const ended = { ...inner, status: 'cancelled', expiresAt: new Date(now.getTime() - 1000) };
    expect(isInnerCircleMember([ended, inner], now)).toBe(true);
    expect(isInnerCircleMember([ended, { ...inner, innerCircle: false }], now)).toBe(false);
  });
});
