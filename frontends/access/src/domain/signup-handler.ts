export type SignupHandlerStep = 'login' | 'community' | 'onboarding' | 'choose-membership' | 'wait';

/**
 * Spec 000 section 4 "Signup handler": no user → /login; profile completed → /community; active membership
 * and profile not completed → onboarding (after 300 ms); no membership → Complete Your Setup, whose main
 * action leads to /membership.
 */
export function signupHandlerStep(input: {
  signedIn: boolean;
  loading: boolean;
  profile: { onboardingCompleted: boolean } | null;
  membershipActive: boolean;
}): SignupHandlerStep {
  if (!input.signedIn) return 'login';
  if (input.loading) return 'wait';
  if (input.profile?.onboardingCompleted) return 'community';
  if (input.membershipActive) return 'onboarding';
  return 'choose-membership';
}

/** Spec: onboarding is left 300 ms after "Preparing your onboarding experience" shows. */
export const ONBOARDING_REDIRECT_DELAY_MS = 300;
