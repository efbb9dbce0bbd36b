import { useDebouncedRefresh } from './useDebouncedRefresh.ts';

/** The /ws messages events-circles sends when RSVPs change (contracts/src/realtime.ts). */
export const RSVP_MESSAGE_TYPES = ['events.rsvp.changed', 'events.rsvp.promoted'] as const;

/**
 * Spec 001 section 7: lists refresh live when RSVPs change (event_participants, meetup_occurrence_rsvps), 300 ms
 * after the last message. `relevant` narrows to the gatherings a page shows.
 */
export function useRsvpRealtime(refresh: () => void, relevant?: (data: Record<string, unknown>) => boolean) {
  useDebouncedRefresh(RSVP_MESSAGE_TYPES, refresh, relevant);
}
