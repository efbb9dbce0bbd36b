/**
 * What MER keeps in the browser, one row per key. The keys are `StorageKeys` in @mer/api-client (and the
 * onboarding draft's per-member key); a key added there belongs here too.
 */
export const BROWSER_STORAGE: ReadonlyArray<{ key: string; why: string; until: string }> = [
  {
    key: 'mer:session-hint',
    why: 'Says that this browser has a session worth resuming, so visitors who never logged in make no session request. It holds no secret.',
    until: 'Sign-out',
  },
  {
    key: 'mer:post-login-redirect',
    why: 'The member page you asked for before logging in, to take you there afterwards.',
    until: 'Read at the next log-in, or sign-out',
  },
  {
    key: 'mer:signup-state',
    why: 'Your invitation code and its discount (or your waiting-list name and e-mail) while you sign up.',
    until: 'Log-in, or sign-out',
  },
  {
    key: 'mer:onboarding:<your account id>',
    why: 'Your onboarding wizard draft, so you can continue where you left off.',
    until: 'Completing onboarding, Start Fresh, or sign-out',
  },
  {
    key: 'mer:fresh-signup',
    why: 'Tells the onboarding wizard that you just signed up, so it does not offer to restore old progress.',
    until: 'Opening the wizard, or sign-out',
  },
  {
    key: 'mer:profile-cache',
    why: 'Your own profile (name, username, e-mail, photo address, onboarding status), so pages still load when the profile service is slow.',
    until: '24 hours, or sign-out',
  },
  {
    key: 'pwa-install-prompt-seen',
    why: 'You answered the “Install MER” offer, so it is not shown again.',
    until: 'Sign-out',
  },
  {
    key: 'ios-install-prompt-dismissed',
    why: 'You closed the iPhone and iPad installation guide, so it is not shown again.',
    until: 'You clear your browser data',
  },
];
