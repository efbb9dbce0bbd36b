import { describe, expect, it } from 'vitest';
import { buildTrainingSet, connectionGraph, mutualConnectionCount, pairKey } from './training-set.ts';
import { NOW, member } from './test-members.ts';
import type { CommunityRows } from './types.ts';

const members = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((id) => member(id, { practices: ['Yoga'] }));

describe('buildTrainingSet', () => {
  const rows: CommunityRows = {
    members,
    connections: [
      { userA: 'a', userB: 'b' },
      { userA: 'b', userB: 'c' },
      { userA: 'a', userB: 'c' },
      { userA: 'c', userB: 'a' },
      { userA: 'a', userB: 'gone' },
    ],
    dismissals: [
      { userId: 'a', dismissedUserId: 'd' },
      { userId: 'b', dismissedUserId: 'c' },
    ],
    acceptedSuggestions: [{ userId: 'c', suggestedUserId: 'b' }],
  };

  it('labels connections and accepted suggestions 1, dismissals and sampled pairs 0, each pair once', () => {
    const set = buildTrainingSet(rows, { now: NOW, seed: 1 });
    const bySource = (s: string): string[] =>
      set.examples.filter((e) => e.source === s).map((e) => pairKey(e.viewerId, e.candidateId));
    expect(bySource('accepted-suggestion')).toEqual([pairKey('b', 'c')]);
    expect(bySource('connection').sort()).toEqual([pairKey('a', 'b'), pairKey('a', 'c')].sort());
    // b dismissed c but they are connected: the connection wins.
    expect(bySource('dismissal')).toEqual([pairKey('a', 'd')]);
    expect(set.positives).toBe(3);
    expect(set.examples.filter((e) => e.source === 'sampled-non-connection')).toHaveLength(12);
    expect(set.negatives).toBe(13);
    const keys = set.examples.map((e) => pairKey(e.viewerId, e.candidateId));
    expect(new Set(keys).size).toBe(keys.length);
    // A member the service did not load (deleted, not onboarded) never appears.
    expect(keys.some((k) => k.includes('gone'))).toBe(false);
  });

  it('counts mutual connections from the connection rows', () => {
    const set = buildTrainingSet(rows, { now: NOW, seed: 1 });
    const ab = set.examples.find((e) => pairKey(e.viewerId, e.candidateId) === pairKey('a', 'b'))!;
    expect(ab.features.mutualConnections).toBeGreaterThan(0);
    const graph = connectionGraph(rows.connections);
    expect(mutualConnectionCount(graph, 'a', 'b')).toBe(1);
    expect(mutualConnectionCount(graph, 'a', 'h')).toBe(0);
  });

  it('samples the same negatives for the same seed, and stops when there are no free pairs', () => {
    expect(buildTrainingSet(rows, { now: NOW, seed: 9 })).toEqual(
      buildTrainingSet(rows, { now: NOW, seed: 9 }),
    );
    const tiny = buildTrainingSet(
      {
        members: members.slice(0, 2),
        connections: [{ userA: 'a', userB: 'b' }],
        dismissals: [],
        acceptedSuggestions: [],
      },
      { now: NOW, seed: 1 },
    );
    expect(tiny).toMatchObject({ positives: 1, negatives: 0 });
  });

  it('samples connections down to maxConnections, keeping explicit feedback', () => {
    const many: CommunityRows = {
      members,
      connections: members.slice(1).map((m) => ({ userA: 'a', userB: m.userId })),
      dismissals: [],
      acceptedSuggestions: [{ userId: 'b', suggestedUserId: 'c' }],
    };
    const set = buildTrainingSet(many, { now: NOW, seed: 4, maxConnections: 3 });
    expect(set.examples.filter((e) => e.source === 'connection')).toHaveLength(3);
    expect(set.examples.filter((e) => e.source === 'accepted-suggestion')).toHaveLength(1);
    expect(buildTrainingSet(many, { now: NOW, seed: 4, maxConnections: 3 })).toEqual(set);
  });
});
