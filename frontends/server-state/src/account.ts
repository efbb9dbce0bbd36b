import { useEffect } from 'react';
import { create } from 'zustand';
import type { Me, MyMembership } from '@mer/contracts';
import { billing, profileOnboarding } from '@mer/contracts/browser';
import {
  ApiError,
  call,
  defaultNames,
  routeKey,
  StorageKeys,
  notify,
  readLocalJson,
  timing,
  useSessionStore,
  writeLocalJson,
} from '@mer/api-client';
import { queryClient } from './query-client.ts';
import {
  HEALTHY,
  afterManualRetry,
  afterProfileFailure,
  degradedResetDelay,
  type ProfileHealth,
} from './profile-health.ts';
import { useQuery } from './bound-hooks.ts';

/** What the shell and the pages need to know about a member's profile. */
export interface MemberProfile {
  userId: string;
  name: string;
  username: string;
  email: string;
  imageUrl: string | null;
  onboardingCompleted: boolean;
  /** Where it came from: the profile service, the local cache, or built from the e-mail. */
  source: 'profile' | 'cache' | 'basic';
}

/**
 * The member's profile from the profile-onboarding service (`GET profiles/me`): 404 means the member has no
 * profile yet (null); any other failure is thrown, so the circuit breaker below counts it and falls back to the
 * cached or basic profile after 3 failures. Its onboarding flag drives the access guard.
 */
async function loadProfileFromService(user: Me, signal: AbortSignal): Promise<MemberProfile | null> {
  let profile;
  try {
    profile = await call(profileOnboarding.myProfile, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  const basic = basicProfileFor(user);
  return {
    userId: profile.userId,
    name: profile.name?.trim() || basic.name,
    username: profile.username?.trim() || basic.username,
    email: profile.email || user.email,
    imageUrl: profile.imageUrl,
    onboardingCompleted: profile.onboardingCompleted,
    source: 'profile',
  };
}

/**
 * Query keys of the member's account state. The member profile is the guard's view of profiles/me (with the
 * circuit breaker's fallbacks), so it has a key of its own; the membership is billing's memberships/me as is,
 * under the key derived from the route, which the membership page (onboarding remote) reads too.
 */
export const accountKeys = {
  memberProfile: (userId?: string) => (userId ? ['member-profile', userId] : ['member-profile']),
  membership: () => routeKey(billing.myMembership),
};

/** A profile built from the account alone: name and username default to the part of the e-mail before the @. */
export function basicProfileFor(user: Me): MemberProfile {
  return {
    userId: user.id,
    ...defaultNames(user),
    email: user.email,
    imageUrl: null,
    onboardingCompleted: false,
    source: 'basic',
  };
}

const PROFILE_CACHE_TTL_MS = 24 * 60 * 60_000;

interface CachedProfile {
  savedAt: number;
  profile: MemberProfile;
}

function readCachedProfile(userId: string): MemberProfile | null {
  const cached = readLocalJson<CachedProfile>(StorageKeys.profileCache);
  if (!cached || cached.profile.userId !== userId || Date.now() - cached.savedAt > PROFILE_CACHE_TTL_MS)
    return null;
  return { ...cached.profile, source: 'cache' };
}

/** The profile circuit breaker's state (rules in profile-health.ts). */
export const useProfileHealth = create<ProfileHealth>(() => HEALTHY);

/** Degraded mode is over (its 30 s passed): back to the profile service. */
export function resetProfileHealth(): void {
  useProfileHealth.setState(HEALTHY);
  void queryClient.invalidateQueries({ queryKey: accountKeys.memberProfile() });
}

class ProfileTimeout extends Error {}

async function loadProfile(user: Me, signal: AbortSignal): Promise<MemberProfile | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ProfileTimeout('profile loading timed out')),
      timing('profileTimeoutMs'),
    );
  });
  try {
    const profile = await Promise.race([loadProfileFromService(user, signal), timeout]);
    useProfileHealth.setState(HEALTHY);
    if (profile)
      writeLocalJson(StorageKeys.profileCache, { savedAt: Date.now(), profile } satisfies CachedProfile);
    return profile;
  } catch (error) {
    if (error instanceof ProfileTimeout) {
      notify({
        title: 'Profile Loading Timeout',
        description: 'Using basic profile info. You can refresh to try again.',
        tone: 'warning',
      });
      return readCachedProfile(user.id) ?? basicProfileFor(user);
    }
    // A fetch the query cancelled (a newer one replaced it) says nothing about the service.
    if (signal.aborted) throw error;
    const health = afterProfileFailure(useProfileHealth.getState(), Date.now());
    useProfileHealth.setState(health);
    if (health.degradedSince !== null) {
      notify({
        title: 'Profile Service Degraded',
        description: 'Using cached profile data. Full functionality will restore shortly.',
        tone: 'warning',
      });
      return readCachedProfile(user.id) ?? basicProfileFor(user);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function profileQuery(user: Me) {
  return {
    queryKey: accountKeys.memberProfile(user.id),
    queryFn: ({ signal }: { signal: AbortSignal }) => loadProfile(user, signal),
    staleTime: 5 * 60_000,
    retry: false as const,
    // No retry either when another part of the page (the navigation, a lazy page) starts reading a failed
    // profile: its extra fetch would count as one more consecutive failure towards degraded mode.
    retryOnMount: false,
  };
}

/**
 * After onboarding completes: the cached member profile says so at once (so the access guard lets /welcome
 * through with a completed profile), with the saved name and photo.
 */
export function markOnboardingCompleted(saved: { name: string | null; imageUrl: string | null }): void {
  queryClient.setQueriesData<MemberProfile | null>({ queryKey: accountKeys.memberProfile() }, (old) =>
    old
      ? {
          ...old,
          name: saved.name ?? old.name,
          imageUrl: saved.imageUrl ?? old.imageUrl,
          onboardingCompleted: true,
        }
      : old,
  );
}

/** Reads the member profile again (after the member changed it). */
export function refreshMemberProfile(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountKeys.memberProfile() });
}

/** The member's profile outside React (e.g. to route right after login); shares the hook's cache. */
export function fetchMemberProfile(user: Me): Promise<MemberProfile | null> {
  return queryClient.fetchQuery(profileQuery(user));
}

export interface ProfileState {
  profile: MemberProfile | null;
  isLoading: boolean;
  isError: boolean;
  /** The circuit breaker is open: the profile shown is cached or basic. */
  degraded: boolean;
  retry: () => void;
}

/** The signed-in member's profile (cache 5 min, no retry: spec section 9). */
export function useMemberProfile(): ProfileState {
  const user = useSessionStore((s) => s.user);
  const health = useProfileHealth();
  const query = useQuery({
    ...profileQuery(user ?? ({ id: '' } as Me)),
    enabled: Boolean(user),
  });
  useEffect(() => {
    const delay = degradedResetDelay(health, Date.now(), timing('profileDegradedResetMs'));
    if (delay === null) return;
    const timer = setTimeout(resetProfileHealth, delay);
    return () => clearTimeout(timer);
  }, [health]);
  return {
    profile: query.data ?? null,
    isLoading: query.isPending && query.fetchStatus !== 'idle',
    isError: query.isError,
    degraded: health.degradedSince !== null,
    retry: () => {
      useProfileHealth.setState(afterManualRetry(useProfileHealth.getState()));
      void query.refetch();
    },
  };
}

/** A member's membership, as far as the shell and the access pages need it. */
export interface Membership {
  active: boolean;
  typeName: string;
  /** null: no expiry. */
  expiresAt: string | null;
}

export function isMembershipActive(m: Membership | null, now = Date.now()): boolean {
  return Boolean(m && m.active && (m.expiresAt === null || Date.parse(m.expiresAt) > now));
}

/** The membership as the shell and the access pages need it; null without a plan. */
function membershipFrom(mine: MyMembership): Membership | null {
  if (!mine.plan || mine.status === 'none') return null;
  return { active: mine.subscribed, typeName: mine.plan.name, expiresAt: mine.expiresAt };
}

/** How often the signup handler asks again while a just-paid membership is being activated. */
export const MEMBERSHIP_ACTIVATION_POLL_MS = 1000;

/**
 * The member's membership (spec: cached 5 min, refetched on window focus). `pollUntilActive`: ask
 * every second until it is active (after payment=success, while the provider's webhook arrives).
 */
export function useMembership(options: { pollUntilActive?: boolean } = {}): {
  membership: Membership | null;
  isLoading: boolean;
} {
  const user = useSessionStore((s) => s.user);
  const query = useQuery({
    queryKey: accountKeys.membership(),
    queryFn: ({ signal }) => call(billing.myMembership, { signal }),
    select: membershipFrom,
    enabled: Boolean(user),
    staleTime: 300_000,
    refetchOnWindowFocus: true,
    refetchInterval: (q) =>
      options.pollUntilActive && !isMembershipActive(q.state.data ? membershipFrom(q.state.data) : null)
        ? MEMBERSHIP_ACTIVATION_POLL_MS
        : false,
  });
  // Lookup errors mean no membership (spec).
  return {
    membership: query.isError ? null : (query.data ?? null),
    isLoading: query.isPending && query.fetchStatus !== 'idle',
  };
}

/** Forget the cached membership (after a checkout or a cancellation). */
export function invalidateMembership(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountKeys.membership() });
}

/** Spec 000 section 4 "Login outcome": no profile → /signup-handler, onboarding pending → /onboarding, else /community (or the remembered page). */
export function postLoginDestination(profile: MemberProfile | null, remembered: string | null): string {
  if (!profile) return '/signup-handler';
  if (!profile.onboardingCompleted) return '/onboarding';
  return remembered ?? '/community';
}
