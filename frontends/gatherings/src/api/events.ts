import { eventsCircles, profileOnboarding } from '@mer/contracts/browser';
import type {
  AttendeeList,
  CreateEventBody,
  EventPage,
  MerEvent,
  RsvpResult,
  UpdateEventBody,
} from '@mer/contracts';
import { call, routeKey } from '@mer/api-client';
import { queryClient, useInfiniteQuery, useMutation, useQuery } from '@mer/server-state';

/*
 * gatherings' calls to events-circles about events: typed by the contracts' route table, sent by `call`, cached
 * under keys derived from the routes. Components use these hooks and never the transport. Mutations are not
 * retried: an RSVP or a new event is not repeated behind the member's back.
 */

/** What an events list shows: a view of events-circles' list, optionally around a place. */
export interface EventListFilter {
  view: 'upcoming' | 'this-week' | 'mine' | 'all';
  /** "lat,lon" of the member's (or the picked) city: events within 50 km. */
  near?: string;
}

export const eventKeys = {
  /** Every events list (prefix for invalidation). */
  lists: () => routeKey(eventsCircles.events),
  list: (filter: EventListFilter) => [...routeKey(eventsCircles.events), filter] as const,
  event: (eventId: string) => routeKey(eventsCircles.event, { params: { eventId } }),
  attendees: (eventId: string) => routeKey(eventsCircles.eventAttendees, { params: { eventId } }),
  calendarFeed: () => routeKey(eventsCircles.myCalendarFeed),
};

/** Lists and counts are "dynamic" data (30 s); RSVPs elsewhere refresh them live through /ws. */
const DYNAMIC_STALE_MS = 30_000;

export function useEvents(filter: EventListFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: eventKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      call(eventsCircles.events, {
        query: {
          view: filter.view,
          ...(filter.near ? { near: filter.near } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: EventPage) => last.nextCursor,
    staleTime: DYNAMIC_STALE_MS,
    enabled,
  });
}

export function useEvent(eventId: string) {
  return useQuery({
    queryKey: eventKeys.event(eventId),
    queryFn: ({ signal }) => call(eventsCircles.event, { params: { eventId }, signal }),
    staleTime: DYNAMIC_STALE_MS,
    retry: false,
  });
}

export function useEventAttendees(eventId: string) {
  return useQuery({
    queryKey: eventKeys.attendees(eventId),
    queryFn: ({ signal }): Promise<AttendeeList> =>
      call(eventsCircles.eventAttendees, { params: { eventId }, signal }),
    staleTime: DYNAMIC_STALE_MS,
  });
}

/** Refetches what an RSVP changes: the event, its attendees and every list showing it. */
export function reloadEvent(eventId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.event(eventId) }),
    queryClient.invalidateQueries({ queryKey: eventKeys.attendees(eventId) }),
    queryClient.invalidateQueries({ queryKey: eventKeys.lists() }),
  ]).then(() => undefined);
}

export function reloadEventLists(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
}

export function useEventRsvp(eventId: string) {
  return useMutation({
    mutationFn: (status: 'going' | 'not_going'): Promise<RsvpResult> =>
      call(eventsCircles.eventRsvp, { params: { eventId }, body: { status } }),
    retry: false,
    onSuccess: (result) => {
      queryClient.setQueryData<MerEvent>(eventKeys.event(eventId), (event) =>
        event ? { ...event, attendance: result.attendance } : event,
      );
      void reloadEvent(eventId);
    },
  });
}

export function useCreateEvent() {
  return useMutation({
    mutationFn: (body: CreateEventBody) => call(eventsCircles.createEvent, { body }),
    retry: false,
    onSuccess: (event) => {
      queryClient.setQueryData(eventKeys.event(event.id), event);
      void reloadEventLists();
    },
  });
}

/** The member's private calendar feed (a secret URL, created on first ask). */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.calendarFeed(),
    queryFn: ({ signal }) => call(eventsCircles.myCalendarFeed, { signal }),
    enabled,
    staleTime: Infinity,
  });
}

export function useResetCalendarFeed() {
  return useMutation({
    mutationFn: () => call(eventsCircles.resetCalendarFeed),
    retry: false,
    onSuccess: (feed) => queryClient.setQueryData(eventKeys.calendarFeed(), feed),
  });
}

/** A city of the offline list by id (the member's own city, for "near me"): reference data, 15 min. */
export function useCity(cityId: string | null) {
  return useQuery({
    queryKey: routeKey(profileOnboarding.city, { params: { id: cityId ?? '' } }),
    queryFn: ({ signal }) => call(profileOnboarding.city, { params: { id: cityId! }, signal }),
    enabled: Boolean(cityId),
    staleTime: 15 * 60_000,
  });
}

/** The member's own profile's city id (the profile service's answer; shared cache with the people pages). */
export function useMyCityId() {
  return useQuery({
    queryKey: routeKey(profileOnboarding.myProfile),
    queryFn: ({ signal }) => call(profileOnboarding.myProfile, { signal }),
    select: (profile) => profile.cityId,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Cities whose name contains `q` (the place pickers). */
export function searchCities(q: string, signal?: AbortSignal) {
  return call(profileOnboarding.cities, { query: { q }, signal });
}

/** The host edits the event (the service tells the attendees); the page and every list refetch. */
export function useUpdateEvent(eventId: string) {
  return useMutation({
    mutationFn: (body: UpdateEventBody) => call(eventsCircles.updateEvent, { params: { eventId }, body }),
    retry: false,
    onSuccess: (event) => {
      queryClient.setQueryData(eventKeys.event(eventId), event);
      void reloadEvent(eventId);
    },
  });
}

/** The host cancels the event, with an optional reason the attendees are told. */
export function useCancelEvent(eventId: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      call(eventsCircles.cancelEvent, { params: { eventId }, body: reason ? { reason } : {} }),
    retry: false,
    onSuccess: (event) => {
      queryClient.setQueryData(eventKeys.event(eventId), event);
      void reloadEvent(eventId);
    },
  });
}
