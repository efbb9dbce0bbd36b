import { describe, expect, it } from 'vitest';
import { badgesForDisplay } from './badges.ts';

describe('badgesForDisplay', () => {
  it('orders by the spec priority, highest first, with the spec labels', () => {
    const shown = badgesForDisplay([
      { type: 'new_member', label: 'New', priority: 10 },
      { type: 'energy_healer', label: 'Energy Healer', priority: 95 },
      { type: 'innercircle_member', label: 'x', priority: 110 },
      { type: 'coach', label: 'Coach', priority: 88 },
    ]);
    expect(shown.map((b) => b.label)).toEqual([
      'InnerCircle Member',
      'Community Mentors',
      'Coach',
      'New Member',
    ]);
  });

  it('hides the badges the spec marks as not shown and duplicates', () => {
    const shown = badgesForDisplay([
      { type: 'yoga_enthusiast', label: 'Yoga', priority: 75 },
      { type: 'meditation_master', label: 'Meditation', priority: 80 },
      { type: 'mentor', label: 'Mentor', priority: 85 },
      { type: 'mentor', label: 'Mentor', priority: 85 },
    ]);
    expect(shown).toEqual([{ type: 'mentor', label: 'Mentor', priority: 85 }]);
  });

  it('uses the spec priority over the server value and keeps unknown types with their label', () => {
    const shown = badgesForDisplay([
      { type: 'spiritual_seeker', label: 'Seeker', priority: 1 },
      { type: 'facilitator', label: 'F', priority: 0 },
      { type: 'moon_keeper', label: 'Moon Keeper', priority: 50 },
    ]);
    expect(shown.map((b) => b.label)).toEqual(['Facilitator', 'Spiritual Seeker', 'Moon Keeper']);
  });

  it('copes with no badges', () => {
    expect(badgesForDisplay(undefined)).toEqual([]);
    expect(badgesForDisplay([])).toEqual([]);
  });
});
