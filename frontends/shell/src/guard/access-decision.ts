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
}

export type AccessDecision =
  | { kind: 'loading' }
  | { kind: 'session-invalid' }
  | { kind: 'redirect'; to: string; rememberLocation: boolean }
  | { kind: 'profile-loading' }
  | { kind: 'profile-issue' }
  | { kind: 'show' };

const AUTH_PATHS = ['/login', '/signup', '/signup-handler', '/onboarding'];

function isOnboardingOrHandlerPath(path: string): boolean {
  return path === '/onboarding' || path.startsWith('/onboarding/') || path === '/signup-handler';
}

/** Spec 000 section 4 "Access guard decisions (in order)". */
export function decideAccess(input: AccessInput): AccessDecision {
  // 1. Auth not initialised or loading: the loading screen.
  if (input.sessionStatus === 'initializing') return { kind: 'loading' };
  if (input.sessionStatus === 'invalid') return { kind: 'session-invalid' };
  // 2. No signed-in user: to /login, remembering the location. With skip-onboarding the page is shown directly.
  if (!input.signedIn) return { kind: 'redirect', to: '/login', rememberLocation: true };
  if (input.skipOnboardingCheck) return { kind: 'show' };
  const { profile } = input;
  // 3. Profile loading and none present.
  if (input.profileLoading && !profile) return { kind: 'profile-loading' };
  // 4. Profile failed to load and none present.
  if (input.profileFailed && !profile) return { kind: 'profile-issue' };
  if (profile && !input.profileIsPlaceholder) {
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
