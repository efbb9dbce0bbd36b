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
export { call, routeKey, type CallInput } from './call.ts';
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
  formatMonth,
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
export { upload, UploadNetworkError, type UploadOptions } from './upload.ts';
