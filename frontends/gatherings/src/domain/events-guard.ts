/**
 * The extra guards of /events and /all-events (spec 001 section 2: "each has an extra guard (what it checks is not
 * shown)"). MER's decision, stated on the page itself so a member knows why:
 *
 * - /events (upcoming near me, this week, my events) needs, on top of the shell's member guard, the member's own
 *   profile as the profile service knows it: "near me" is measured from the member's city. While that service is
 *   degraded (the profile in hand is the basic one built from the e-mail) the page says so and offers the list by
 *   a city the member picks instead of guessing.
 * - /all-events (every approved upcoming event, anywhere) needs an active membership as well: browsing the whole
 *   community's calendar is part of membership. Without one the page explains it and links to /membership and back
 *   to /events, which stays open.
 */
export type EventsGuardDecision = 'wait' | 'show' | 'show-without-city' | 'needs-membership';

export function eventsGuard(input: {
  allEvents: boolean;
  profile: { source: 'profile' | 'cache' | 'basic' } | null;
  profileLoading: boolean;
  membershipActive: boolean;
  membershipLoading: boolean;
}): EventsGuardDecision {
  if (input.allEvents) {
    if (input.membershipLoading) return 'wait';
    return input.membershipActive ? 'show' : 'needs-membership';
  }
  if (!input.profile) return input.profileLoading ? 'wait' : 'show-without-city';
  return input.profile.source === 'basic' ? 'show-without-city' : 'show';
}

export const ALL_EVENTS_GUARD_TEXT =
  'All events lists every approved event of the community, in every city. It is open to members with an active membership.';
export const EVENTS_GUARD_TEXT =
  'Events near you are found from the city on your profile (within 50 km). Pick another city to look elsewhere.';
