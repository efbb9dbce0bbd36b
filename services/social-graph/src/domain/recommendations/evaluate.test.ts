import { describe, expect, it } from 'vitest';
import { evaluateRecommendations } from './evaluate.ts';
import { generateCommunity } from './synthetic-community.ts';

describe('offline evaluation on a generated community', () => {
  it('beats a plain shared-practices ranking on precision@10 of held-out connections', () => {
    const report = evaluateRecommendations({ members: 250, seed: 7 });
    expect(report.viewers).toBeGreaterThan(100);
    expect(report.heldOutConnections).toBe(Math.round(report.trueConnections * 0.2));
    expect(report.precisionAtK.model).toBeGreaterThan(report.precisionAtK.sharedPracticesBaseline * 1.5);
    expect(report.precisionAtK.model).toBeGreaterThanOrEqual(report.precisionAtK.prior);
    expect(report.model.samples.positives).toBeGreaterThan(0);
  });

  it('generates the same community for the same seed', () => {
    const a = generateCommunity({ members: 60, seed: 3 });
    const b = generateCommunity({ members: 60, seed: 3 });
    expect(a.members).toEqual(b.members);
    expect(a.trueConnections).toEqual(b.trueConnections);
    expect(a.trueConnections).toHaveLength(240);
    expect(generateCommunity({ members: 60, seed: 4 }).members).not.toEqual(a.members);
  });
});
