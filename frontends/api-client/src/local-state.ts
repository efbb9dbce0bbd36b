/**
 * Everything MER keeps in the browser's local storage, in one place, so that sign-in and sign-out clear
 * exactly what the spec lists (spec 000 section 4 "Auth state events"). A key added here is listed in the Cookie
 * Policy too (access/src/domain/browser-storage.ts; a test checks).
 */
export const StorageKeys = {
  /** Not a secret: only tells the app that a refresh cookie is worth trying at start. */
  sessionHint: 'mer:session-hint',
  postLoginRedirect: 'mer:post-login-redirect',
  /** Sign-up state: invitation code and discount data. */
  signupState: 'mer:signup-state',
  onboardingStep: 'mer:onboarding-step',
  onboardingData: 'mer:onboarding-data',
  /** Per-user onboarding draft: `mer:onboarding:<userId>`. */
  onboardingUserPrefix: 'mer:onboarding:',
  freshSignup: 'mer:fresh-signup',
  /** Profile cache, lives 24 h. */
  profileCache: 'mer:profile-cache',
  installPromptSeen: 'pwa-install-prompt-seen',
  iosInstallPromptDismissed: 'ios-install-prompt-dismissed',
} as const;

export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the app works without it.
  }
}

export function removeLocal(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // see writeLocal
  }
}

export function readLocalJson<T>(key: string): T | null {
  const raw = readLocal(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeLocalJson(key: string, value: unknown): void {
  writeLocal(key, JSON.stringify(value));
}

/** Sign-out: onboarding and sign-up state (generic and per user), the post-login redirect, the install-prompt-seen flag, and the cached profile. */
export function clearSignedOutState(): void {
  for (const key of [
    StorageKeys.signupState,
    StorageKeys.onboardingStep,
    StorageKeys.onboardingData,
    StorageKeys.postLoginRedirect,
    StorageKeys.installPromptSeen,
    StorageKeys.profileCache,
    StorageKeys.freshSignup,
    StorageKeys.sessionHint,
  ]) {
    removeLocal(key);
  }
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(StorageKeys.onboardingUserPrefix)) localStorage.removeItem(key);
    }
  } catch {
    // see writeLocal
  }
}

/** Sign-in: the generic onboarding and sign-up state (per-user drafts stay). */
export function clearSignedInState(): void {
  removeLocal(StorageKeys.onboardingStep);
  removeLocal(StorageKeys.onboardingData);
  removeLocal(StorageKeys.signupState);
}

/** Remember where a visitor was going, to return there after login. */
export function rememberPostLoginRedirect(path: string): void {
  if (!path.startsWith('/') || path.startsWith('//')) return;
  writeLocal(StorageKeys.postLoginRedirect, path);
}

/** The remembered location, removed as it is read. */
export function takePostLoginRedirect(): string | null {
  const path = readLocal(StorageKeys.postLoginRedirect);
  removeLocal(StorageKeys.postLoginRedirect);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}
