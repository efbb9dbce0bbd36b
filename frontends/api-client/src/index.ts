// The MER API transport shared by every front end: `call(route, input)` over the contracts' browser route table,
// errors by the spec's mapping table, the session (access token in memory only), and the browser-side state the
// spec names. Feature calls live in each remote's src/api/; server-state caching lives in @mer/server-state.
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
export { call, routeKey, routeUrl, type CallInput } from './call.ts';
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
  type SessionStatus,
  type SessionState,
} from './session.ts';
export { defaultNames } from './account-names.ts';
export { ADMIN_PANEL_PERMISSIONS, hasAnyPermission, canSeeAdminPanel, isAdminUser } from './permissions.ts';
export {
  memberLocale,
  formatNumber,
  formatMoneyCents,
  formatDate,
  formatDateTime,
  formatClockTime,
  plural,
  pluralForm,
  TEXT_LANGUAGE,
  type PluralForms,
} from './locale-format.ts';
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
  uploadProfilePhoto,
  uploadRetryDelayMs,
  photoFileProblem,
  photoUploadFailure,
  UploadNetworkError,
  UploadAttemptsExhaustedError,
  PHOTO_MAX_BYTES,
  PHOTO_UPLOAD_ATTEMPTS,
  PHOTO_TEXTS,
  type UploadedPhoto,
  type PhotoUploadOptions,
  type PhotoNotice,
} from './photos.ts';
export {
  BIRTH_LOCATION_MIN_CHARS,
  SEARCH_DEBOUNCE_MS,
  YEAR_COUNT,
  EARLIEST_BIRTH_DATE,
  NO_LOCATIONS_TEXT,
  LOCATION_SEARCH_FAILED_TEXT,
  MONTH_NAMES,
  EMPTY_BIRTH_FORM,
  birthYears,
  daysInMonth,
  selectableMonths,
  selectableDays,
  isoDate,
  birthDateError,
  hourLabel,
  timeLabel,
  hhmm,
  birthFormFrom,
  birthFormView,
  birthPlaceTerm,
  bornLine,
  calculationNotice,
  calculationFailure,
  type BirthForm,
  type BirthFormView,
  type SelectOption,
  type CosmicNotice,
} from './birth-data.ts';
