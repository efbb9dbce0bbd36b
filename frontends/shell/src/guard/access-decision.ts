import type { SessionStatus } from '@mer/api-client';

export interface AccessInput {
  path: string;
  sessionStatus: SessionStatus;
  signedIn: boolean;
  /** Routes that need a login but do their own routing (membership, signup handler, onboarding, welcome). */
  skipOnboardingCheck: boolean;
  profile: { onboardingCompleted: boolean } | null;
  profileLoading: boolean;
  profileFailed: boolean;
  /** The profile circuit breaker is open; the profile in hand is cached or basic. */
  circuitBreakerActive: boolean;
  /** The profile in hand is a placeholder built from the e-mail: its onboarding flag means nothing. */
  profileIsPlaceholder: boolean;
  /** An admin-type user: any Admin Panel permission or an active admin_users record (spec 000 section 6). */
  admin: boolean;
  /**
   * The session ended by a sign-out (this tab's or another's) since the page loaded. The guard's redirect to /login
   * then remembers nothing: sign-out removes the post-login redirect (spec), and the page the member was on must
   * not become the next person's destination on this browser.
   */
  signedOutHere: boolean;
  /**
   * Whether onboarding was already complete when the member arrived on this page (undefined until the profile was
   * known there). A completed member opening the wizard goes to /community; the wizard's own completion, which
   * makes the profile complete while the wizard is open, must not race its move to /welcome.
   */
  onboardingCompletedOnArrival?: boolean | undefined;
}

export type AccessDecision =
  | { kind: 'loading' }
  | { kind: 'session-invalid' }
  | { kind: 'redirect'; to: string; rememberLocation: boolean }
  | { kind: 'profile-loading' }
  | { kind: 'profile-issue' }
  /** An admin whose member profile is not complete, on a member page: an invitation to complete it, not a paywall. */
  | { kind: 'admin-profile-prompt' }
  | { kind: 'show' };

const AUTH_PATHS = ['/login', '/signup', '/signup-handler', '/onboarding'];

function isOnboardingPath(path: string): boolean {
  return path === '/onboarding' || path.startsWith('/onboarding/');
}

function isOnboardingOrHandlerPath(path: string): boolean {
  return isOnboardingPath(path) || path === '/signup-handler';
}

/**
 * What an admin reaches without a membership or a completed profile: the admin area and their own account
 * settings (e.g. to change the password printed at the first start).
 */
export function isAdminOpenPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/') || path === '/settings';
}

/** Spec 000 section 4 "Access guard decisions (in order)". */
export function decideAccess(input: AccessInput): AccessDecision {
  // 1. Auth not initialised or loading: the loading screen.
  if (input.sessionStatus === 'initializing') return { kind: 'loading' };
  if (input.sessionStatus === 'invalid') return { kind: 'session-invalid' };
  // 2. No signed-in user: to /login, remembering the location (not after a sign-out). With skip-onboarding the
  // page is shown directly.
  if (!input.signedIn) return { kind: 'redirect', to: '/login', rememberLocation: !input.signedOutHere };
  // Admins reach the admin area and their settings without paying or onboarding (issue 13).
  if (input.admin && isAdminOpenPath(input.path)) return { kind: 'show' };
  const { profile } = input;
  const profileKnown = profile !== null && !input.profileIsPlaceholder;
  if (input.skipOnboardingCheck) {
    // /onboarding skips the onboarding check but not rule 5: a completed member opening the wizard again would
    // get a blank 'Step 0 of 6' that could overwrite the profile. So the wizard waits for the profile.
    if (!isOnboardingPath(input.path)) return { kind: 'show' };
    if (input.profileLoading && !profile) return { kind: 'profile-loading' };
    if (profileKnown && (input.onboardingCompletedOnArrival ?? profile.onboardingCompleted))
      return { kind: 'redirect', to: '/community', rememberLocation: false };
    return { kind: 'show' };
  }
  // 3. Profile loading and none present.
  if (input.profileLoading && !profile) return { kind: 'profile-loading' };
  // 4. Profile failed to load and none present.
  if (input.profileFailed && !profile) return { kind: 'profile-issue' };
  // An admin without a completed profile is not sent to onboarding (and from there to the plans): member pages
  // invite them to complete a profile to appear in the community, and lead to the admin area meanwhile.
  if (input.admin && !input.profileLoading && (!profile || (profileKnown && !profile.onboardingCompleted)))
    return { kind: 'admin-profile-prompt' };
  if (profileKnown) {
    // 5. Onboarding done, but on a sign-up or login path.
    if (profile.onboardingCompleted && AUTH_PATHS.includes(input.path))
      return { kind: 'redirect', to: '/community', rememberLocation: false };
    // 6. Onboarding pending and not on an onboarding or signup-handler path.
    if (!profile.onboardingCompleted && !isOnboardingOrHandlerPath(input.path))
      return { kind: 'redirect', to: '/onboarding', rememberLocation: false };
    // 7. /welcome before onboarding is complete.
    if (input.path === '/welcome' && !profile.onboardingCompleted)
      return { kind: 'redirect', to: '/onboarding', rememberLocation: false };
  }
  // 8. No profile (after an error, or simply none) and no circuit breaker: to the signup handler.
  if (!profile && !input.profileLoading && (input.profileFailed || !input.circuitBreakerActive)) {
    return { kind: 'redirect', to: '/signup-handler', rememberLocation: false };
  }
  // 9. Show the page.
  return { kind: 'show' };
}

/**
 * Whether a stall of this decision ends in the 'Loading Timeout' screen: only auth (spec: "Auth stalled for 10 s
 * shows 'Loading Timeout'"). A stalled profile is the profile loader's own 10 s time-out, which shows the
 * 'Profile Loading Timeout' toast and goes on with the basic profile; the screen racing it would hide the page.
 */
export function stallShowsLoadingTimeout(decision: AccessDecision): boolean {
  return decision.kind === 'loading';
}
