// People recommendations ("People you may resonate with"): pure domain code. The service loads rows, calls
// buildTrainingSet + trainRecommendationModel on a schedule, stores the model as JSON, and calls rankCandidates per
// request. See README.md beside this file for the design and the offline figures.
export * from './types.ts';
export { pairFeatures, distanceKm, sharedItems, type PairFacts } from './features.ts';
export { reasonsFor, REASON_SEPARATOR } from './reasons.ts';
export {
  priorModel,
  scorePair,
  parseRecommendationModel,
  InvalidRecommendationModelError,
  PRIOR_WEIGHTS,
  PRIOR_BIAS,
  DEFAULT_PRIOR_STRENGTH,
} from './model.ts';
export { trainRecommendationModel, type TrainOptions } from './train.ts';
export {
  buildTrainingSet,
  connectionGraph,
  mutualConnectionCount,
  DEFAULT_NEGATIVES_PER_POSITIVE,
  DEFAULT_MAX_CONNECTIONS,
  type TrainingSetOptions,
} from './training-set.ts';
export { rankCandidates, isExcluded } from './rank.ts';
export {
  evaluateRecommendations,
  formatEvaluationReport,
  type EvaluationOptions,
  type EvaluationReport,
} from './evaluate.ts';
export { generateCommunity, type GeneratedCommunity, type CommunityOptions } from './synthetic-community.ts';
