import { describe, expect, it } from 'vitest';
import { decideAccess, stallShowsLoadingTimeout, type AccessInput } from './access-decision.ts';

const member: AccessInput = {
  path: '/community',
  sessionStatus: 'signed-in',
  signedIn: true,
  skipOnboardingCheck: false,
  profile: { onboardingCompleted: true },
  profileLoading: false,
  profileFailed: false,
  circuitBreakerActive: false,
  profileIsPlaceholder: false,
  admin: false,
  signedOutHere: false,
};

describe('access guard decisions (spec 000 section 4, in order)', () => {
  it('1. shows the loading screen while auth initialises', () => {
    expect(decideAccess({ ...member, sessionStatus: 'initializing', signedIn: false })).toEqual({
      kind: 'loading',
    });
  });

  it('shows Session Invalid when the server stopped accepting the session', () => {
    expect(decideAccess({ ...member, sessionStatus: 'invalid' })).toEqual({ kind: 'session-invalid' });
  });

  it('2. sends visitors to /login, remembering where they were going', () => {
    expect(decideAccess({ ...member, sessionStatus: 'signed-out', signedIn: false, profile: null })).toEqual({
      kind: 'redirect',
      to: '/login',
      rememberLocation: true,
    });
  });

  it('2. shows skip-onboarding pages directly once signed in', () => {
    expect(
      decideAccess({
        ...member,
        path: '/membership',
        skipOnboardingCheck: true,
        profile: null,
        profileLoading: true,
      }),
    ).toEqual({ kind: 'show' });
  });

  it('3. shows the profile loading screen while no profile is there yet', () => {
    expect(decideAccess({ ...member, profile: null, profileLoading: true })).toEqual({
      kind: 'profile-loading',
    });
  });

  it('4. shows Profile Loading Issue when the profile failed and none is present', () => {
    expect(decideAccess({ ...member, profile: null, profileFailed: true })).toEqual({
      kind: 'profile-issue',
    });
  });

  it('5. sends completed members away from the sign-up and login paths', () => {
    for (const path of ['/login', '/signup', '/signup-handler', '/onboarding']) {
      expect(decideAccess({ ...member, path })).toEqual({
        kind: 'redirect',
        to: '/community',
        rememberLocation: false,
      });
    }
  });

  it('6. sends members with onboarding pending to /onboarding, except on onboarding and the signup handler', () => {
    const pending = { ...member, profile: { onboardingCompleted: false } };
    expect(decideAccess(pending)).toEqual({ kind: 'redirect', to: '/onboarding', rememberLocation: false });
    expect(decideAccess({ ...pending, path: '/onboarding' })).toEqual({ kind: 'show' });
    expect(decideAccess({ ...pending, path: '/signup-handler' })).toEqual({ kind: 'show' });
  });

  it('7. sends /welcome to /onboarding while onboarding is pending', () => {
    expect(decideAccess({ ...member, path: '/welcome', profile: { onboardingCompleted: false } })).toEqual({
      kind: 'redirect',
      to: '/onboarding',
      rememberLocation: false,
    });
  });

  it('8. sends a member without a profile to /signup-handler unless the circuit breaker is open', () => {
    expect(decideAccess({ ...member, profile: null })).toEqual({
      kind: 'redirect',
      to: '/signup-handler',
      rememberLocation: false,
    });
    expect(decideAccess({ ...member, profile: null, circuitBreakerActive: true })).toEqual({ kind: 'show' });
  });

  it('9. shows the page otherwise; a placeholder profile (degraded mode) does not trigger onboarding redirects', () => {
    expect(decideAccess(member)).toEqual({ kind: 'show' });
    expect(
      decideAccess({
        ...member,
        profile: { onboardingCompleted: false },
        profileIsPlaceholder: true,
        circuitBreakerActive: true,
      }),
    ).toEqual({ kind: 'show' });
  });
});

describe('sign-out and the post-login redirect (issue 13 item 2)', () => {
  it('a guard redirect after a sign-out does not remember the page: sign-out removed it, and it is not the next login’s', () => {
    expect(
      decideAccess({
        ...member,
        path: '/membership',
        skipOnboardingCheck: true,
        sessionStatus: 'signed-out',
        signedIn: false,
        signedOutHere: true,
      }),
    ).toEqual({ kind: 'redirect', to: '/login', rememberLocation: false });
  });
});

describe('a completed member opening /onboarding again (issue 13 item 3)', () => {
  const onboarding = { ...member, path: '/onboarding', skipOnboardingCheck: true };

  it('is sent to /community (rule 5), instead of a blank wizard that could overwrite the profile', () => {
    expect(decideAccess(onboarding)).toEqual({ kind: 'redirect', to: '/community', rememberLocation: false });
  });

  it("lets the wizard's own completion go on to /welcome: onboarding completed while the wizard was open", () => {
    expect(decideAccess({ ...onboarding, onboardingCompletedOnArrival: false })).toEqual({ kind: 'show' });
    expect(decideAccess({ ...onboarding, onboardingCompletedOnArrival: true })).toEqual({
      kind: 'redirect',
      to: '/community',
      rememberLocation: false,
    });
  });

  it('waits for the profile before showing the wizard, and shows it while onboarding is pending', () => {
    expect(decideAccess({ ...onboarding, profile: null, profileLoading: true })).toEqual({
      kind: 'profile-loading',
    });
    expect(decideAccess({ ...onboarding, profile: { onboardingCompleted: false } })).toEqual({
      kind: 'show',
    });
    expect(decideAccess({ ...onboarding, profile: null })).toEqual({ kind: 'show' });
  });

  it('trusts no placeholder profile: degraded mode shows the wizard', () => {
    expect(decideAccess({ ...onboarding, profileIsPlaceholder: true, circuitBreakerActive: true })).toEqual({
      kind: 'show',
    });
  });

  it('other skip-onboarding pages are still shown directly', () => {
    for (const path of ['/membership', '/signup-handler', '/welcome'])
      expect(decideAccess({ ...onboarding, path, profile: null, profileLoading: true })).toEqual({
        kind: 'show',
      });
  });
});

describe('admins (issue 13 item 1)', () => {
  const admin = { ...member, admin: true, profile: { onboardingCompleted: false } };

  it('reach the admin area and Account Settings without paying or onboarding, even before the profile loads', () => {
    for (const path of ['/admin', '/admin/members', '/admin/user-profile/42', '/settings']) {
      expect(decideAccess({ ...admin, path })).toEqual({ kind: 'show' });
      expect(decideAccess({ ...admin, path, profile: null, profileLoading: true })).toEqual({ kind: 'show' });
      expect(decideAccess({ ...admin, path, profile: null })).toEqual({ kind: 'show' });
    }
  });

  it('on member pages without a completed profile see the invitation to complete it, not /onboarding or a plan', () => {
    for (const path of ['/community', '/my-profile', '/people'])
      expect(decideAccess({ ...admin, path })).toEqual({ kind: 'admin-profile-prompt' });
    expect(decideAccess({ ...admin, profile: null })).toEqual({ kind: 'admin-profile-prompt' });
    expect(decideAccess({ ...admin, profile: null, profileLoading: true })).toEqual({
      kind: 'profile-loading',
    });
  });

  it('with a completed profile are members like any other', () => {
    expect(decideAccess({ ...admin, profile: { onboardingCompleted: true } })).toEqual({ kind: 'show' });
    expect(decideAccess({ ...admin, path: '/login', profile: { onboardingCompleted: true } })).toEqual({
      kind: 'redirect',
      to: '/community',
      rememberLocation: false,
    });
  });

  it('members without admin rights still go to onboarding from the admin area and settings', () => {
    for (const path of ['/admin', '/settings'])
      expect(decideAccess({ ...admin, admin: false, path })).toEqual({
        kind: 'redirect',
        to: '/onboarding',
        rememberLocation: false,
      });
  });

  it('signed out, are sent to login like anyone', () => {
    expect(
      decideAccess({ ...admin, path: '/admin', sessionStatus: 'signed-out', signedIn: false, admin: false }),
    ).toEqual({ kind: 'redirect', to: '/login', rememberLocation: true });
  });
});

describe('what a 10 s stall shows', () => {
  it("auth stalled: the 'Loading Timeout' screen", () => {
    expect(stallShowsLoadingTimeout({ kind: 'loading' })).toBe(true);
  });

  it("profile stalled: not the screen (the loader's own time-out shows the toast and the basic profile)", () => {
    expect(stallShowsLoadingTimeout({ kind: 'profile-loading' })).toBe(false);
    expect(stallShowsLoadingTimeout({ kind: 'show' })).toBe(false);
  });
});
