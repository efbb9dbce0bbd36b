import { describe, expect, it } from 'vitest';
import {
  InvalidRecommendationModelError,
  parseRecommendationModel,
  priorModel,
  scorePair,
  sigmoid,
} from './model.ts';
import { FEATURE_NAMES, type FeatureVector } from './types.ts';

const zero = Object.fromEntries(FEATURE_NAMES.map((n) => [n, 0])) as FeatureVector;

describe('the stored model', () => {
  it('survives a JSON round trip', () => {
    const model = priorModel();
    expect(parseRecommendationModel(JSON.parse(JSON.stringify(model)))).toEqual(model);
  });

  it('refuses a model it does not understand', () => {
    const good = priorModel();
    expect(() => parseRecommendationModel(null)).toThrow(InvalidRecommendationModelError);
    expect(() => parseRecommendationModel({ ...good, format: 2 })).toThrow(/format/);
    const { proximity: _dropped, ...weights } = good.weights;
    expect(() => parseRecommendationModel({ ...good, weights })).toThrow(/weights.proximity/);
    expect(() => parseRecommendationModel({ ...good, bias: 'x' })).toThrow(/bias/);
    expect(() => parseRecommendationModel({ ...good, trainedAt: 'yesterday' })).toThrow(/trainedAt/);
  });

  it('scores with the logistic function', () => {
    expect(scorePair(priorModel(), zero)).toBeCloseTo(sigmoid(priorModel().bias));
    expect(sigmoid(1000)).toBe(1);
    expect(sigmoid(-1000)).toBe(0);
    expect(sigmoid(0)).toBe(0.5);
  });
});
