import { describe, expect, it } from 'vitest';
import { distanceKm, pairFeatures, sharedItems } from './features.ts';
import { FEATURE_NAMES } from './types.ts';
import { FOUR_KM_NORTH_OF_LISBON, LISBON, NOW, PORTO, member } from './test-members.ts';

describe('pair features', () => {
  it('measures great-circle distance in km', () => {
    expect(distanceKm(LISBON, PORTO)).toBeGreaterThan(270);
    expect(distanceKm(LISBON, PORTO)).toBeLessThan(280);
    expect(distanceKm(LISBON, FOUR_KM_NORTH_OF_LISBON)).toBeCloseTo(4, 0);
    expect(distanceKm(LISBON, LISBON)).toBe(0);
  });

  it('finds shared items case-insensitively, once, sorted, in the viewer’s spelling', () => {
    expect(sharedItems(['Yoga', 'breathwork', 'Yoga', 'Reiki'], ['BREATHWORK', 'yoga', 'Tarot'])).toEqual([
      'breathwork',
      'Yoga',
    ]);
    expect(sharedItems([], ['Yoga'])).toEqual([]);
  });

  it('keeps every feature between 0 and 1', () => {
    const viewer = member('a', {
      practices: ['Yoga', 'Reiki', 'Tarot', 'Qigong', 'Tai Chi', 'Meditation', 'Breathwork'],
      languages: ['English', 'Portuguese', 'German', 'French'],
      location: LISBON,
      chart: { sunSign: 'Aries', moonSign: 'Leo', risingSign: null, humanDesignGates: null },
    });
    const other = member('b', { ...viewer, userId: 'b', joinedAt: '2026-05-30T00:00:00Z' });
    const { features, facts } = pairFeatures(viewer, other, 500, NOW);
    for (const name of FEATURE_NAMES) {
      expect(features[name]).toBeGreaterThanOrEqual(0);
      expect(features[name]).toBeLessThanOrEqual(1);
    }
    expect(features.sharedPracticesJaccard).toBe(1);
    expect(features.sharedPracticesCount).toBe(1);
    expect(features.mutualConnections).toBe(1);
    expect(features.candidateIsNew).toBe(1);
    expect(facts.compatibility).not.toBeNull();
  });

  it('treats a location or chart that is not shared as unknown', () => {
    const viewer = member('a', {
      location: LISBON,
      chart: { sunSign: 'Aries', moonSign: null, risingSign: null, humanDesignGates: null },
    });
    const { features, facts } = pairFeatures(viewer, member('b'), 0, NOW);
    expect(facts.distanceKm).toBeNull();
    expect(facts.compatibility).toBeNull();
    expect(features.proximity).toBe(0);
    expect(features.distanceUnknown).toBe(1);
    expect(features.compatibility).toBe(0);
    expect(features.compatibilityUnknown).toBe(1);
  });

  it('calls a member new for 30 days after onboarding', () => {
    const viewer = member('a');
    const days = (n: number): string => new Date(NOW.getTime() - n * 86_400_000).toISOString();
    expect(pairFeatures(viewer, member('b', { joinedAt: days(29) }), 0, NOW).features.candidateIsNew).toBe(1);
    expect(pairFeatures(viewer, member('b', { joinedAt: days(31) }), 0, NOW).features.candidateIsNew).toBe(0);
    expect(
      pairFeatures(viewer, member('b', { joinedAt: 'not a date' }), 0, NOW).features.candidateIsNew,
    ).toBe(0);
  });
});
