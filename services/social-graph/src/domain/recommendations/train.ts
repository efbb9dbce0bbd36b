// Training: a logistic regression fitted by Newton's method, with an L2 penalty that pulls the weights towards the
// prior's rather than towards zero (a Gaussian prior centred on the hand-set weights). With no data the model *is*
// the prior; as labelled pairs accumulate, the data outweighs the fixed penalty and decides. This is the "blend by
// the amount of data" without a separate blending rule to tune.
import { PRIOR_BIAS, PRIOR_WEIGHTS, DEFAULT_PRIOR_STRENGTH, priorModel, sigmoid } from './model.ts';
import {
  FEATURE_NAMES,
  RECOMMENDATION_MODEL_FORMAT,
  type FeatureVector,
  type RecommendationModel,
  type TrainingSet,
} from './types.ts';

export interface TrainOptions {
  trainedAt: Date;
  /** The version to stamp on the model (the service increments the stored one). */
  version: number;
  /** L2 strength towards the prior weights (default DEFAULT_PRIOR_STRENGTH). */
  priorStrength?: number;
}

/** The bias is pulled only lightly: it mostly reflects how many negatives were sampled, not what members like. */
const BIAS_PRIOR_STRENGTH = 0.01;
const MAX_ITERATIONS = 50;
const CONVERGED = 1e-9;

/** Parameters as one vector: the feature weights in FEATURE_NAMES order, then the bias. */
function toVector(weights: FeatureVector, bias: number): number[] {
  return [...FEATURE_NAMES.map((n) => weights[n]), bias];
}

/** Solves A x = b for a small symmetric positive definite A (Gaussian elimination with partial pivoting). */
export function solveLinear(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-15) throw new RangeError('singular system');
    for (let r = col + 1; r < n; r++) {
      const f = m[r]![col]! / p;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let c = r + 1; c < n; c++) s -= m[r]![c]! * x[c]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}

export function trainRecommendationModel(set: TrainingSet, options: TrainOptions): RecommendationModel {
  const lambda = options.priorStrength ?? DEFAULT_PRIOR_STRENGTH;
  const d = FEATURE_NAMES.length + 1;
  const centre = toVector(PRIOR_WEIGHTS, PRIOR_BIAS);
  const penalty = [...FEATURE_NAMES.map(() => lambda), BIAS_PRIOR_STRENGTH];
  const rows = set.examples.map((e) => ({ x: toVector(e.features, 1), y: e.label }));

  const objective = (theta: number[]): number => {
    let loss = 0;
    for (const { x, y } of rows) {
      let z = 0;
      for (let j = 0; j < d; j++) z += theta[j]! * x[j]!;
      // log(1 + e^z) - y z, written to stay finite for large |z|
      loss += Math.max(z, 0) + Math.log1p(Math.exp(-Math.abs(z))) - y * z;
    }
    for (let j = 0; j < d; j++) loss += 0.5 * penalty[j]! * (theta[j]! - centre[j]!) ** 2;
    return loss;
  };

  let theta = [...centre];
  let current = objective(theta);
  for (let iteration = 0; iteration < MAX_ITERATIONS && rows.length > 0; iteration++) {
    const gradient = theta.map((t, j) => penalty[j]! * (t - centre[j]!));
    const hessian = Array.from({ length: d }, (_, i) =>
      Array.from({ length: d }, (_, j) => (i === j ? penalty[i]! : 0)),
    );
    for (const { x, y } of rows) {
      let z = 0;
      for (let j = 0; j < d; j++) z += theta[j]! * x[j]!;
      const p = sigmoid(z);
      const w = p * (1 - p);
      for (let i = 0; i < d; i++) {
        gradient[i]! += (p - y) * x[i]!;
        if (w === 0 || x[i] === 0) continue;
        for (let j = i; j < d; j++) hessian[i]![j]! += w * x[i]! * x[j]!;
      }
    }
    for (let i = 0; i < d; i++) for (let j = 0; j < i; j++) hessian[i]![j] = hessian[j]![i]!;
    const step = solveLinear(hessian, gradient);
    // Backtracking keeps every step a descent step (Newton can overshoot when classes separate).
    let scale = 1;
    let next = theta.map((t, j) => t - step[j]!);
    let value = objective(next);
    while (value > current && scale > 1e-6) {
      scale /= 2;
      next = theta.map((t, j) => t - scale * step[j]!);
      value = objective(next);
    }
    if (value > current) break;
    const moved = Math.max(...step.map((s) => Math.abs(s * scale)));
    theta = next;
    current = value;
    if (moved < CONVERGED) break;
  }

  const weights = {} as FeatureVector;
  FEATURE_NAMES.forEach((name, j) => (weights[name] = theta[j]!));
  return {
    ...priorModel(),
    format: RECOMMENDATION_MODEL_FORMAT,
    version: options.version,
    trainedAt: options.trainedAt.toISOString(),
    bias: theta[d - 1]!,
    weights,
    samples: { positives: set.positives, negatives: set.negatives },
    priorStrength: lambda,
  };
}
