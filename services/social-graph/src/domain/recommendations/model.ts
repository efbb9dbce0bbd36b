// The model: a logistic regression over the pair features, stored as JSON. The prior is the same shape with
// hand-set weights, used as is while there is no data and as the centre the training pulls towards (see train.ts).
import {
  FEATURE_NAMES,
  RECOMMENDATION_MODEL_FORMAT,
  type FeatureVector,
  type RecommendationModel,
} from './types.ts';

/**
 * Hand-set weights for a community with no history: shared practices matter most (it is what MER is about),
 * then being near each other and knowing the same people, then sharing a language and a chart match; new members
 * get a small lift so they are not left alone. Missing distance or chart counts slightly against, so a pair we
 * know to be near ranks above one we know nothing about.
 */
export const PRIOR_WEIGHTS: FeatureVector = {
  sharedPracticesJaccard: 2.5,
  sharedPracticesCount: 1.5,
  proximity: 2.0,
  distanceUnknown: -0.5,
  mutualConnections: 2.0,
  sharedLanguages: 0.75,
  compatibility: 0.75,
  compatibilityUnknown: -0.1,
  candidateIsNew: 0.3,
};
export const PRIOR_BIAS = -3;
/**
 * L2 strength pulling the trained weights to the prior. Each labelled pair adds about p(1-p)·var(feature) ≈ 0.02
 * of evidence per weight, so 10 is worth a few hundred pairs: with a few dozen the model stays at the prior, with a
 * few thousand the data decides (train.test.ts checks both ends).
 */
export const DEFAULT_PRIOR_STRENGTH = 10;

export function priorModel(): RecommendationModel {
  return {
    format: RECOMMENDATION_MODEL_FORMAT,
    kind: 'logistic-regression',
    version: 0,
    trainedAt: null,
    bias: PRIOR_BIAS,
    weights: { ...PRIOR_WEIGHTS },
    samples: { positives: 0, negatives: 0 },
    priorStrength: DEFAULT_PRIOR_STRENGTH,
  };
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** Probability (0–1) that the viewer connects with the candidate. */
export function scorePair(model: RecommendationModel, features: FeatureVector): number {
  let z = model.bias;
  for (const name of FEATURE_NAMES) z += model.weights[name] * features[name];
  return sigmoid(z);
}

export class InvalidRecommendationModelError extends Error {
  constructor(reason: string) {
    super(`Invalid recommendation model: ${reason}`);
    this.name = 'InvalidRecommendationModelError';
  }
}

function finite(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new InvalidRecommendationModelError(`${what} is not a finite number`);
  return value;
}

/**
 * Reads a stored model back (from JSON). A stored model of another format, or with a feature missing, is refused
 * so that the caller falls back to the prior instead of ranking with a model it does not understand.
 */
export function parseRecommendationModel(value: unknown): RecommendationModel {
  if (typeof value !== 'object' || value === null) throw new InvalidRecommendationModelError('not an object');
  const v = value as Record<string, unknown>;
  if (v.format !== RECOMMENDATION_MODEL_FORMAT)
    throw new InvalidRecommendationModelError(`unknown format ${String(v.format)}`);
  if (v.kind !== 'logistic-regression')
    throw new InvalidRecommendationModelError(`unknown kind ${String(v.kind)}`);
  if (v.trainedAt !== null && (typeof v.trainedAt !== 'string' || !Number.isFinite(Date.parse(v.trainedAt))))
    throw new InvalidRecommendationModelError('trainedAt is not a date');
  const w = v.weights;
  if (typeof w !== 'object' || w === null) throw new InvalidRecommendationModelError('weights missing');
  const weights = {} as FeatureVector;
  for (const name of FEATURE_NAMES)
    weights[name] = finite((w as Record<string, unknown>)[name], `weights.${name}`);
  const s = v.samples;
  if (typeof s !== 'object' || s === null) throw new InvalidRecommendationModelError('samples missing');
  const samples = s as Record<string, unknown>;
  return {
    format: RECOMMENDATION_MODEL_FORMAT,
    kind: 'logistic-regression',
    version: finite(v.version, 'version'),
    trainedAt: v.trainedAt,
    bias: finite(v.bias, 'bias'),
    weights,
    samples: {
      positives: finite(samples.positives, 'samples.positives'),
      negatives: finite(samples.negatives, 'samples.negatives'),
    },
    priorStrength: finite(v.priorStrength, 'priorStrength'),
  };
}
