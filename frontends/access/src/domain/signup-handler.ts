export type SignupHandlerStep =
  'login' | 'community' | 'onboarding' | 'choose-membership' | 'confirming-payment' | 'wait';

/**
 * Spec 000 section 4 "Signup handler": no user → /login; profile completed → /community; active membership
 * and profile not completed → onboarding (after 300 ms); no membership → Complete Your Setup, whose main
 * action leads to /membership. Back from a payment (payment=success) and not active yet: the provider's
 * webhook is on its way, so wait and ask again until it is active or the wait is over.
 */
export function signupHandlerStep(input: {
  signedIn: boolean;
  loading: boolean;
  profile: { onboardingCompleted: boolean } | null;
  membershipActive: boolean;
  awaitingPayment?: boolean;
  paymentWaitOver?: boolean;
}): SignupHandlerStep {
  if (!input.signedIn) return 'login';
  if (input.loading) return 'wait';
  if (input.profile?.onboardingCompleted) return 'community';
  if (input.membershipActive) return 'onboarding';
  if (input.awaitingPayment && !input.paymentWaitOver) return 'confirming-payment';
  return 'choose-membership';
}

/** Spec: onboarding is left 300 ms after "Preparing your onboarding experience" shows. */
export const ONBOARDING_REDIRECT_DELAY_MS = 300;

/** How long the handler waits for a paid membership to be activated before offering the choice again. */
export const PAYMENT_CONFIRMATION_WAIT_MS = 60_000;
