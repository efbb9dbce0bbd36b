import { describe, expect, it } from 'vitest';
import { evaluateRecommendations, generateCommunity } from './evaluate.ts';
import { PRIOR, rank, reasonsFor, featuresOf, type CandidateItem, type MemberProfile } from './model.ts';

describe('event and circle recommendations', () => {
  it('beats a plain popularity ranking on precision@10 of held-out answers', () => {
    const report = evaluateRecommendations({ members: 300, events: 600, circles: 80, seed: 11 });
    expect(report.viewers).toBeGreaterThan(100);
    expect(report.precisionAtK.model).toBeGreaterThan(report.precisionAtK.popularity * 1.3);
  });

  it('generates the same community for the same seed', () => {
    const a = generateCommunity({ members: 40, events: 50, circles: 10, seed: 3 });
    const b = generateCommunity({ members: 40, events: 50, circles: 10, seed: 3 });
    expect(a.answers).toEqual(b.answers);
  });

  it('explains each suggestion in plain words and leaves out what the member already joined or dismissed', () => {
    const member: MemberProfile = {
      id: 'me',
      interests: ['breathwork'],
      lat: 38.72,
      lon: -9.14,
      circleIds: new Set(['circle-1']),
      categoryCounts: new Map([['healing', 4]]),
      connectionIds: new Set(['friend']),
    };
    const item = (id: string, extra: Partial<CandidateItem>): CandidateItem => ({
      id,
      kind: 'event',
      title: 'Evening breathwork',
      category: 'healing',
      lat: 38.75,
      lon: -9.15,
      circleId: 'circle-1',
      circleName: 'Lisbon Breath',
      participantIds: new Set(['friend', 'x']),
      participantCount: 2,
      ...extra,
    });
    const items = [
      item('a', {}),
      item('b', { category: 'nature', lat: 52.5, lon: 13.4, circleId: null }),
      item('c', {}),
    ];
    const ranked = rank(PRIOR, member, items, 10, new Set(['c']));
    expect(ranked.map((r) => r.item.id)).toEqual(['a', 'b']);
    const texts = ranked[0]!.reasons.map((r) => r.text);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.join(' | ')).toMatch(/circle Lisbon Breath|km from you|In your city|healing|connections/);
    const e = featuresOf(member, items[0]!, 2);
    expect(e.connectionCount).toBe(1);
    const codes = reasonsFor(PRIOR, items[0]!, e).map((r) => r.code);
    expect(codes.length).toBeLessThanOrEqual(3);
    expect(
      codes.every((c) =>
        ['shared-practice', 'nearby', 'circle-member', 'connections-going', 'popular', 'interest'].includes(
          c,
        ),
      ),
    ).toBe(true);
  });
});
