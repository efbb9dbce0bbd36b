import { useEffect } from 'react';
import { create } from 'zustand';
import type { Me } from '@mer/contracts';
import {
  ApiError,
  defaultNames,
  StorageKeys,
  billingApi,
  notify,
  profileApi,
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
  /** Where it came from: the profile service, identity (before the profile service exists), the local cache, or built from the e-mail. */
  source: 'profile' | 'identity' | 'cache' | 'basic';
}

/**
 * Where profiles come from: `profileServiceSource` (the profile-onboarding service) by default. Another source can
 * be plugged in with `setProfileSource` (`identityProfileSource` answers from the session's identity data and treats
 * onboarding as pending, for a deployment without the profile service); nothing else changes.
 */
export interface ProfileSource {
  readonly name: string;
  /** The member's profile, or null when they have none yet. */
  load(user: Me, signal: AbortSignal): Promise<MemberProfile | null>;
}

export const identityProfileSource: ProfileSource = {
  name: 'identity',
  async load(user) {
    return { ...basicProfileFor(user), onboardingCompleted: false, source: 'identity' };
  },
};

/**
 * Profiles from the profile-onboarding service (`GET /api/v1/profile-onboarding/profiles/me`): 404 means the member
 * has no profile yet (null); any other failure is thrown, so the circuit breaker below counts it and falls back to
 * the cached or basic profile after 3 failures. Its onboarding flag drives the access guard.
 */
export const profileServiceSource: ProfileSource = {
  name: 'profile',
  async load(user, signal) {
    let profile;
    try {
      profile = await profileApi.myProfile(signal);
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
  },
};

let profileSource: ProfileSource = profileServiceSource;

export function setProfileSource(source: ProfileSource): void {
  profileSource = source;
  void queryClient.invalidateQueries({ queryKey: ['profile'] });
}

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
  void queryClient.invalidateQueries({ queryKey: ['profile'] });
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
    const profile = await Promise.race([profileSource.load(user, signal), timeout]);
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
    queryKey: ['profile', user.id, profileSource.name] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => loadProfile(user, signal),
    staleTime: 5 * 60_000,
    retry: false as const,
    // No retry either when another part of the page (the navigation, a lazy page) starts reading a failed
    // profile: its extra fetch would count as one more consecutive failure towards degraded mode.
    retryOnMount: false,
  };
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

export const INNER_CIRCLE_MEMBERSHIP = 'InnerCircle Membership';

export function isMembershipActive(m: Membership | null, now = Date.now()): boolean {
  return Boolean(m && m.active && (m.expiresAt === null || Date.parse(m.expiresAt) > now));
}
export function isInnerCircleMember(m: Membership | null): boolean {
  return isMembershipActive(m) && m!.typeName === INNER_CIRCLE_MEMBERSHIP;
}

/**
 * Where memberships come from: billing's memberships/me (`billingMembershipSource`, the default).
 * Tests and tools swap it with `setMembershipSource`. Lookup errors mean no membership (spec).
 */
export interface MembershipSource {
  readonly name: string;
  load(user: Me, signal: AbortSignal): Promise<Membership | null>;
}
export const noMembershipSource: MembershipSource = { name: 'none', load: async () => null };
export const billingMembershipSource: MembershipSource = {
  name: 'billing',
  async load(_user, signal) {
    const mine = await billingApi.myMembership(signal);
    if (!mine.plan || mine.status === 'none') return null;
    return { active: mine.subscribed, typeName: mine.plan.name, expiresAt: mine.expiresAt };
  },
};
let membershipSource: MembershipSource = billingMembershipSource;
export function setMembershipSource(source: MembershipSource): void {
  membershipSource = source;
  void queryClient.invalidateQueries({ queryKey: ['membership'] });
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
    queryKey: ['membership', user?.id, membershipSource.name],
    queryFn: async ({ signal }) => {
      try {
        return await membershipSource.load(user!, signal);
      } catch {
        return null;
      }
    },
    enabled: Boolean(user),
    staleTime: 300_000,
    refetchOnWindowFocus: true,
    refetchInterval: (q) =>
      options.pollUntilActive && !isMembershipActive(q.state.data ?? null)
        ? MEMBERSHIP_ACTIVATION_POLL_MS
        : false,
  });
  return { membership: query.data ?? null, isLoading: query.isPending && query.fetchStatus !== 'idle' };
}

/** Forget the cached membership (after a checkout or a cancellation). */
export function invalidateMembership(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['membership'] });
}

/** Spec 000 section 4 "Login outcome": no profile → /signup-handler, onboarding pending → /onboarding, else /community (or the remembered page). */
export function postLoginDestination(profile: MemberProfile | null, remembered: string | null): string {
  if (!profile) return '/signup-handler';
  if (!profile.onboardingCompleted) return '/onboarding';
  return remembered ?? '/community';
}
