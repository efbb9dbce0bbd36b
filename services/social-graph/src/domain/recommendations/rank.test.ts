import { describe, expect, it } from 'vitest';
import { priorModel } from './model.ts';
import { rankCandidates } from './rank.ts';
import { FOUR_KM_NORTH_OF_LISBON, LISBON, NOW, PORTO, candidate, member } from './test-members.ts';

const viewer = member('viewer', {
  practices: ['Yoga', 'Breathwork', 'Reiki'],
  languages: ['Portuguese'],
  location: LISBON,
});

describe('rankCandidates', () => {
  it('puts the closest match first and explains every suggestion', () => {
    const candidates = [
      candidate('far', { practices: ['Yoga'], location: PORTO }),
      candidate('close', { practices: ['Breathwork', 'Yoga'], location: FOUR_KM_NORTH_OF_LISBON }, 2),
      candidate('stranger', { practices: ['Tarot'] }),
    ];
    const ranked = rankCandidates(priorModel(), viewer, candidates, { limit: 10, now: NOW });
    expect(ranked.map((r) => r.userId)).toEqual(['close', 'far']);
    expect(ranked[0]!.reasonText).toBe(
      'You both practise Breathwork and Yoga · 4 km apart · 2 mutual connections',
    );
    expect(ranked[0]!.reasons).toHaveLength(3);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
    expect(ranked[0]!.score).toBeLessThan(1);
  });

  it('never suggests the viewer, connections, pending requests, dismissed or blocked members', () => {
    const ids = ['viewer', 'connected', 'pending', 'dismissed', 'blocked', 'ok'];
    const candidates = ids.map((id) => candidate(id, { practices: ['Yoga'] }));
    const ranked = rankCandidates(priorModel(), viewer, candidates, {
      limit: 10,
      now: NOW,
      exclude: {
        connected: new Set(['connected']),
        pending: new Set(['pending']),
        dismissed: new Set(['dismissed']),
        blocked: new Set(['blocked']),
      },
    });
    expect(ranked.map((r) => r.userId)).toEqual(['ok']);
  });

  it('is deterministic: equal scores are ordered by user id, duplicates count once, the limit holds', () => {
    const candidates = ['c', 'a', 'b', 'a'].map((id) => candidate(id, { practices: ['Yoga'] }));
    const first = rankCandidates(priorModel(), viewer, candidates, { limit: 2, now: NOW });
    expect(first.map((r) => r.userId)).toEqual(['a', 'b']);
    expect(rankCandidates(priorModel(), viewer, [...candidates].reverse(), { limit: 2, now: NOW })).toEqual(
      first,
    );
    expect(rankCandidates(priorModel(), viewer, candidates, { limit: 0, now: NOW })).toEqual([]);
  });

  it('does not reveal a location the candidate does not share', () => {
    const ranked = rankCandidates(
      priorModel(),
      viewer,
      [candidate('hidden', { practices: ['Yoga'], location: null })],
      {
        limit: 10,
        now: NOW,
      },
    );
    expect(ranked[0]!.reasonText).toBe('You both practise Yoga');
  });
});
