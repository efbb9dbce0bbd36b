import { describe, expect, it } from 'vitest';
import { PRIOR_WEIGHTS, priorModel, sigmoid } from './model.ts';
import { solveLinear, trainRecommendationModel } from './train.ts';
import { seededRandom } from './random.ts';
import { FEATURE_NAMES, type FeatureVector, type TrainingExample, type TrainingSet } from './types.ts';

const trainedAt = new Date('2026-06-01T00:00:00Z');

/**
 * Pairs where only sharing a language matters (true weight 8, every other weight 0), against a prior that weighs
 * languages lightly and practices heavily.
 */
function languageDecides(size: number, seed: number): TrainingSet {
  const random = seededRandom(seed);
  const examples: TrainingExample[] = [];
  for (let i = 0; i < size; i++) {
    const features = Object.fromEntries(FEATURE_NAMES.map((n) => [n, random.next()])) as FeatureVector;
    const label = random.next() < sigmoid(8 * (features.sharedLanguages - 0.5)) ? 1 : 0;
    examples.push({ viewerId: `v${i}`, candidateId: `c${i}`, features, label, source: 'connection' });
  }
  const positives = examples.filter((e) => e.label === 1).length;
  return { examples, positives, negatives: size - positives };
}

describe('trainRecommendationModel', () => {
  it('is the prior when there is no data', () => {
    const model = trainRecommendationModel(
      { examples: [], positives: 0, negatives: 0 },
      { trainedAt, version: 3 },
    );
    expect(model.weights).toEqual(PRIOR_WEIGHTS);
    expect(model).toMatchObject({
      version: 3,
      trainedAt: trainedAt.toISOString(),
      samples: { positives: 0, negatives: 0 },
    });
  });

  it('stays near the prior while data is thin and follows the data when there is plenty', () => {
    const thin = trainRecommendationModel(languageDecides(12, 1), { trainedAt, version: 1 });
    const plenty = trainRecommendationModel(languageDecides(4000, 1), { trainedAt, version: 1 });
    const drift = (w: FeatureVector): number =>
      Math.max(...FEATURE_NAMES.map((n) => Math.abs(w[n] - PRIOR_WEIGHTS[n])));
    expect(drift(thin.weights)).toBeLessThan(1);
    expect(plenty.weights.sharedLanguages).toBeGreaterThan(5);
    expect(Math.abs(plenty.weights.sharedPracticesJaccard)).toBeLessThan(1);
    expect(plenty.samples.positives + plenty.samples.negatives).toBe(4000);
  });

  it('gives the same model for the same data', () => {
    const set = languageDecides(300, 2);
    expect(trainRecommendationModel(set, { trainedAt, version: 1 })).toEqual(
      trainRecommendationModel(set, { trainedAt, version: 1 }),
    );
  });

  it('stays finite when the classes separate perfectly or only one class is seen', () => {
    const onlyPositives: TrainingSet = {
      ...languageDecides(50, 3),
      examples: languageDecides(50, 3).examples.map((e) => ({ ...e, label: 1 })),
    };
    const separable: TrainingSet = {
      ...languageDecides(50, 3),
      examples: languageDecides(50, 3).examples.map((e) => ({
        ...e,
        label: e.features.sharedLanguages > 0.5 ? 1 : 0,
      })),
    };
    for (const set of [separable, onlyPositives]) {
      const model = trainRecommendationModel(set, { trainedAt, version: 1 });
      expect(Number.isFinite(model.bias)).toBe(true);
      for (const n of FEATURE_NAMES) expect(Number.isFinite(model.weights[n])).toBe(true);
    }
    expect(priorModel().trainedAt).toBeNull();
  });
});

describe('solveLinear', () => {
  it('solves a small system', () => {
    const x = solveLinear(
      [
        [4, 1],
        [1, 3],
      ],
      [1, 2],
    );
    expect(x[0]).toBeCloseTo(1 / 11);
    expect(x[1]).toBeCloseTo(7 / 11);
  });
});
