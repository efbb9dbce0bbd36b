import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from '@mer/router';
import { isAdminUser, rememberPostLoginRedirect, timing, useSessionStore } from '@mer/api-client';
import { useMemberProfile } from '@mer/server-state';
import { decideAccess, stallShowsLoadingTimeout } from './access-decision.ts';
import {
  AdminProfilePromptScreen,
  LoadingScreen,
  LoadingTimeoutScreen,
  ProfileLoadingIssueScreen,
  ProfileLoadingScreen,
  SessionInvalidScreen,
} from './GuardScreens.tsx';
import { runtimeConfig } from '../config/runtime-config.ts';
import { signOutWithToast } from '../session/sign-out.ts';

/** True once `active` has stayed true for `ms`. */
function useStalled(active: boolean, ms: number): boolean {
  const [stalled, setStalled] = useState(false);
  useEffect(() => {
    if (!active) {
      setStalled(false);
      return;
    }
    const timer = setTimeout(() => setStalled(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return stalled;
}

/** The access guard around protected routes (spec 000 section 4), rendering its screens or the page. */
export default function AccessGuard({ skipOnboardingCheck }: { skipOnboardingCheck: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const sessionStatus = useSessionStore((s) => s.status);
  const signedIn = useSessionStore((s) => s.status === 'signed-in' && s.user !== null);
  const admin = useSessionStore((s) => isAdminUser(s.user));
  const signedOutHere = useSessionStore((s) => s.signedOutHere);
  const profileState = useMemberProfile();
  const arrival = useRef<{ key: string; onboardingCompleted: boolean | undefined }>({
    key: '',
    onboardingCompleted: undefined,
  });
  if (arrival.current.key !== location.key)
    arrival.current = { key: location.key, onboardingCompleted: undefined };
  if (
    arrival.current.onboardingCompleted === undefined &&
    profileState.profile &&
    profileState.profile.source !== 'basic'
  )
    arrival.current.onboardingCompleted = profileState.profile.onboardingCompleted;
  const decision = decideAccess({
    path: location.pathname,
    sessionStatus,
    signedIn,
    skipOnboardingCheck,
    profile: profileState.profile,
    profileLoading: profileState.isLoading,
    profileFailed: profileState.isError,
    circuitBreakerActive: profileState.degraded,
    profileIsPlaceholder: profileState.profile?.source === 'basic',
    admin,
    signedOutHere,
    onboardingCompletedOnArrival: arrival.current.onboardingCompleted,
  });
  const stalled = useStalled(stallShowsLoadingTimeout(decision), timing('guardTimeoutMs'));

  if (stalled) {
    return (
      <LoadingTimeoutScreen
        supportEmail={runtimeConfig().supportEmail}
        onSignOut={async () => {
          await signOutWithToast({ quiet: true });
          navigate('/login', { replace: true });
        }}
      />
    );
  }
  switch (decision.kind) {
    case 'loading':
      return <LoadingScreen />;
    case 'session-invalid':
      return (
        <SessionInvalidScreen
          onGoToLogin={async () => {
            const here = location.pathname + location.search + location.hash;
            await signOutWithToast({ quiet: true });
            rememberPostLoginRedirect(here);
            navigate('/login', { replace: true });
          }}
        />
      );
    case 'profile-loading':
      return <ProfileLoadingScreen />;
    case 'admin-profile-prompt':
      return <AdminProfilePromptScreen />;
    case 'profile-issue':
      return <ProfileLoadingIssueScreen degraded={profileState.degraded} onTryAgain={profileState.retry} />;
    case 'redirect':
      if (decision.rememberLocation)
        rememberPostLoginRedirect(location.pathname + location.search + location.hash);
      return <Navigate to={decision.to} replace />;
    case 'show':
      return <Outlet />;
  }
}
