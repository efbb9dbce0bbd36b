// The shapes the recommendation model reads and returns. Plain data only: the service loads the rows, this folder
// decides. Nothing here leaves MER: training and scoring run in-process on the community's own rows.
import type { CompatibilityChart } from '@mer/chart-engine';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/**
 * One member as the model sees them. The caller passes only what this member lets others see: `location` is null
 * when the member has no city or has location_sharing off, and `chart` is null unless the member shares their cosmic
 * summary, so neither a hidden location nor a hidden chart can move a ranking or appear in a reason.
 */
export interface RecommendationMember {
  userId: string;
  /** Practice names as members see them ('Breathwork', 'Yoga'); they appear in the reasons as written. */
  practices: readonly string[];
  /** Language names as members see them ('Portuguese'); they appear in the reasons as written. */
  languages: readonly string[];
  location: GeoPoint | null;
  chart: CompatibilityChart | null;
  /** When the member finished onboarding (ISO 8601); drives the new-member flag. */
  joinedAt: string;
}

/** A candidate for one viewer, with the one fact that needs the whole graph, counted by the caller (SQL). */
export interface RankingCandidate extends RecommendationMember {
  /** Members connected to both the viewer and this candidate. */
  mutualConnections: number;
}

/** Who must never be suggested to this viewer (the caller loads them; the viewer is always excluded too). */
export interface RankingExclusions {
  connected?: ReadonlySet<string>;
  /** Requests in either direction that are still pending. */
  pending?: ReadonlySet<string>;
  /** Suggestions this viewer dismissed: dismissing one hides it. */
  dismissed?: ReadonlySet<string>;
  /** Blocked in either direction. */
  blocked?: ReadonlySet<string>;
}

export interface RankingOptions {
  limit: number;
  /** "Now", passed in so that ranking is deterministic (new-member flag). */
  now: Date;
  exclude?: RankingExclusions;
}

/** One suggestion, with its reasons in plain words. */
export interface Recommendation {
  userId: string;
  /** The model's probability that the viewer would connect, 0–1 (for ordering, not for display). */
  score: number;
  /** e.g. ['You both practise Breathwork and Yoga', '4 km apart', '2 mutual connections']. */
  reasons: string[];
  /** The reasons joined with the spec's ' · ' separator. */
  reasonText: string;
}

/** The features of one (viewer, candidate) pair, each scaled to about 0–1 so that the weights read as importance. */
export const FEATURE_NAMES = [
  'sharedPracticesJaccard',
  'sharedPracticesCount',
  'proximity',
  'distanceUnknown',
  'mutualConnections',
  'sharedLanguages',
  'compatibility',
  'compatibilityUnknown',
  'candidateIsNew',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type FeatureVector = Record<FeatureName, number>;

/** The rows the service has, as plain data (training-set builder input). */
export interface CommunityRows {
  /** Onboarded members, each as others may see them. */
  members: readonly RecommendationMember[];
  /** Accepted connections (either order). */
  connections: readonly { userA: string; userB: string }[];
  /** Suggestions a member dismissed. */
  dismissals: readonly { userId: string; dismissedUserId: string }[];
  /** Suggestions a member acted on (sent a request that was accepted, or accepted one). */
  acceptedSuggestions: readonly { userId: string; suggestedUserId: string }[];
}

/** One labelled (viewer, candidate) pair. */
export interface TrainingExample {
  viewerId: string;
  candidateId: string;
  features: FeatureVector;
  /** 1: they connected or the viewer accepted the suggestion; 0: dismissed, or a sampled pair that did not connect. */
  label: 0 | 1;
  source: 'connection' | 'accepted-suggestion' | 'dismissal' | 'sampled-non-connection';
}

export interface TrainingSet {
  examples: TrainingExample[];
  positives: number;
  negatives: number;
}

export const RECOMMENDATION_MODEL_FORMAT = 1;

/** The trained model as stored by the service (JSON, a few hundred bytes). */
export interface RecommendationModel {
  format: typeof RECOMMENDATION_MODEL_FORMAT;
  kind: 'logistic-regression';
  /** Increases with every retraining by the service; 0 for the prior. */
  version: number;
  /** ISO 8601; null for the hand-set prior. */
  trainedAt: string | null;
  bias: number;
  weights: FeatureVector;
  samples: { positives: number; negatives: number };
  /** How strongly the weights were pulled to the prior (L2 towards the prior weights); see README. */
  priorStrength: number;
}
