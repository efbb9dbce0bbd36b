// The MER API client: calls, errors by the spec's mapping table, the session (access token in memory only),
// and the browser-side state the spec names. Server-state caching lives in @mer/server-state.
export { timing, DEFAULT_TIMING, type TimingName } from './timing.ts';
export {
  ApiError,
  catalogueError,
  codeForStatus,
  errorFromResponse,
  toApiError,
  describeError,
  isSecurityError,
  isClientError,
  type FieldError,
} from './errors.ts';
export { apiRequest, type ApiRequestOptions } from './http.ts';
export {
  useSessionStore,
  initializeSession,
  whenSessionReady,
  establishSession,
  updateSessionUser,
  refreshSession,
  markSessionInvalid,
  signOut,
  getAccessToken,
  SESSION_PATHS,
  type SessionStatus,
  type SessionState,
} from './session.ts';
export { defaultNames } from './account-names.ts';
export { identityApi, IDENTITY_PATHS, type ServerNotice } from './identity.ts';
export { ADMIN_PANEL_PERMISSIONS, hasAnyPermission, canSeeAdminPanel } from './permissions.ts';
export {
  fetchCommunityStats,
  formatMemberCount,
  COMMUNITY_STATS_PATH,
  type CommunityStats,
} from './community.ts';
export {
  billingApi,
  BILLING_PATHS,
  formatEuroCents,
  discountedCents,
  type MembershipPlan,
  type MyMembership,
  type DiscountValidation,
} from './billing.ts';
export { setNoticeListener, notify, type Notice } from './notices.ts';
export {
  StorageKeys,
  readLocal,
  writeLocal,
  removeLocal,
  readLocalJson,
  writeLocalJson,
  clearSignedOutState,
  clearSignedInState,
  rememberPostLoginRedirect,
  takePostLoginRedirect,
} from './local-state.ts';
export {
  profileApi,
  PROFILE_API,
  PROFILE_PATHS,
  type City,
  type Language,
  type Practice,
  type MyProfile,
  type PublicProfile,
  type CosmicProfile,
  type ProfileBadge,
  type ProfilePatch,
  type NotificationPreferences,
  type PrivacySettings,
  type OnboardingDraft,
  type OnboardingDraftData,
  type HumanDesign,
  type CompleteOnboardingInput,
  type ChartRequest,
  type ChartResult,
  type ChartTimeNote,
  type SuggestionOutcome,
} from './profile.ts';
export {
  uploadProfilePhoto,
  uploadRetryDelayMs,
  photoFileProblem,
  photoUploadFailure,
  UploadNetworkError,
  UploadAttemptsExhaustedError,
  PHOTO_UPLOAD_PATH,
  PHOTO_MAX_BYTES,
  PHOTO_UPLOAD_ATTEMPTS,
  PHOTO_TEXTS,
  type UploadedPhoto,
  type PhotoUploadOptions,
  type PhotoNotice,
} from './photos.ts';
export {
  chartsApi,
  CHART_PATHS,
  type HumanDesignChart,
  type MemberChart,
  type SharedMemberChart,
} from './charts.ts';
export { peopleApi, PEOPLE_PATHS } from './people.ts';
