/**
 * /connections' extra guard (spec 001 section 2: "has an extra guard (what it checks is not shown)").
 *
 * MER's decision, in two halves:
 * 1. Here: on top of the shell's member guard (signed in, onboarding complete), the page needs the member's own
 *    profile as the profile service knows it, with onboarding complete. While the profile service is degraded
 *    (the profile in hand is the basic one built from the e-mail, whose onboarding flag means nothing) the page
 *    shows 'Connection Error' instead of lists that may belong to a half-known member.
 * 2. social-graph's rule (GET me/access): sending and accepting requests need an active membership. Without one
 *    the lists still show, Connect and Accept are left out and MembershipNotice says why and links to
 *    /membership; declining, withdrawing and removing stay open.
 */
export interface GuardProfile {
  onboardingCompleted: boolean;
  source: 'profile' | 'cache' | 'basic';
}

export type ConnectionsGuardDecision = 'wait' | 'show' | 'to-onboarding' | 'connection-error';

export function connectionsGuard(input: {
  profile: GuardProfile | null;
  isLoading: boolean;
}): ConnectionsGuardDecision {
  const { profile } = input;
  if (!profile) return input.isLoading ? 'wait' : 'connection-error';
  if (profile.source === 'basic') return 'connection-error';
  if (!profile.onboardingCompleted) return 'to-onboarding';
  return 'show';
}

/** The tabs in the URL (?tab=), as notification clicks name them (spec 001 section 2). */
export const CONNECTION_TABS = ['requests', 'connections', 'connect-requests'] as const;
export type ConnectionTab = (typeof CONNECTION_TABS)[number];

export function tabFromSearch(search: string): ConnectionTab {
  const tab = new URLSearchParams(search).get('tab');
  return (CONNECTION_TABS as readonly string[]).includes(tab ?? '') ? (tab as ConnectionTab) : 'requests';
}
