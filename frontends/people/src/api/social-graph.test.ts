import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '../domain/people-filters.ts';
import { discoveryQuery } from './social-graph.ts';
import { keysStaleAfterConnectionChange, socialGraphKeys } from './social-graph-keys.ts';

describe('discoveryQuery', () => {
  it('sends only the filters in use, the city as coordinates with its radius', () => {
    expect(discoveryQuery(EMPTY_FILTERS)).toEqual({});
    expect(
      discoveryQuery({
        ...EMPTY_FILTERS,
        q: '  ana ',
        practice: 'Yoga',
        cityLabel: 'Porto, Portugal',
        latitude: 41.15,
        longitude: -8.61,
        radiusKm: 25,
        language: 'pt',
        languageLabel: 'Portuguese',
        hdType: 'Projector',
        sunSign: 'Leo',
        newMembers: true,
      }),
    ).toEqual({
      q: 'ana',
      practice: 'Yoga',
      latitude: 41.15,
      longitude: -8.61,
      radiusKm: 25,
      language: 'pt',
      humanDesignType: 'Projector',
      sunSign: 'Leo',
      newMembers: true,
    });
  });
});

describe('keysStaleAfterConnectionChange', () => {
  it("refreshes the three tabs, the pair's status and the card lists", () => {
    const keys = keysStaleAfterConnectionChange('u1').map((k) => JSON.stringify(k));
    for (const key of [
      socialGraphKeys.list('received'),
      socialGraphKeys.list('connected'),
      socialGraphKeys.list('sent'),
      socialGraphKeys.status('u1'),
      socialGraphKeys.anyDiscovery(),
      socialGraphKeys.recommendations(),
    ])
      expect(keys).toContain(JSON.stringify(key));
  });

  it('a discovery key starts with the prefix that refreshes every search', () => {
    const prefix = socialGraphKeys.anyDiscovery();
    expect(socialGraphKeys.discovery({ practice: 'Yoga' }).slice(0, prefix.length)).toEqual(prefix);
  });
});
