import type { CreateEventBody, EventType, PlaceCity } from '@mer/contracts';
import { instantOf } from './place-time.ts';

/**
 * The /create-event wizard's data and rules (no I/O): what each step asks, what makes a step complete, and the
 * body events-circles receives. Times are wall-clock times in the place's zone (the city's, or for an online event
 * without a city the member's own), as the contract asks.
 */
export const WIZARD_STEPS = ['What', 'Where and when', 'Details', 'Preview'] as const;
export const EVENT_CATEGORIES = [
  { id: 'practice', label: 'Practice' },
  { id: 'tradition', label: 'Tradition' },
  { id: 'healing', label: 'Healing' },
  { id: 'divination', label: 'Divination' },
  { id: 'nature', label: 'Nature' },
  { id: 'community', label: 'Community' },
] as const;

export interface EventDraft {
  title: string;
  description: string;
  category: CreateEventBody['category'];
  type: EventType;
  city: PlaceCity | null;
  address: string;
  onlineUrl: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  /** Empty: no limit. */
  capacity: string;
  circleId: string;
}

export const EMPTY_DRAFT: EventDraft = {
  title: '',
  description: '',
  category: 'practice',
  type: 'in_person',
  city: null,
  address: '',
  onlineUrl: '',
  startDate: '',
  startTime: '19:00',
  endDate: '',
  endTime: '21:00',
  capacity: '',
  circleId: '',
};

export type DraftErrors = Partial<Record<keyof EventDraft, string>>;

/** The zone the times are in: the city's, else the member's own (an online event without a city). */
export function draftTimeZone(draft: EventDraft, memberZone: string): string {
  return draft.city?.timeZone ?? memberZone;
}

/** The problems of one step, in the words the fields show (empty: the step is complete). */
export function stepErrors(
  step: number,
  draft: EventDraft,
  memberZone: string,
  now = Date.now(),
): DraftErrors {
  const errors: DraftErrors = {};
  if (step === 0) {
    if (!draft.title.trim()) errors.title = 'Please give your event a title';
    else if (draft.title.trim().length > 150) errors.title = 'The title can be at most 150 characters';
    if (!draft.description.trim()) errors.description = 'Please describe your event';
  }
  if (step === 1) {
    const inPerson = draft.type !== 'online';
    if (inPerson && !draft.city) errors.city = 'Please pick the city from the list';
    if (inPerson && !draft.address.trim()) errors.address = 'Please enter the address';
    if (draft.type !== 'in_person' && !/^https:\/\/\S+$/.test(draft.onlineUrl.trim()))
      errors.onlineUrl = 'Please enter the link, starting with https://';
    const zone = draftTimeZone(draft, memberZone);
    const start =
      draft.startDate && draft.startTime ? instantOf(draft.startDate, draft.startTime, zone) : null;
    const end =
      (draft.endDate || draft.startDate) && draft.endTime
        ? instantOf(draft.endDate || draft.startDate, draft.endTime, zone)
        : null;
    if (!start) errors.startDate = 'Please choose when it starts';
    else if (Date.parse(start) <= now) errors.startDate = 'The event must start in the future';
    if (start && !end) errors.endTime = 'Please choose when it ends';
    else if (start && end && Date.parse(end) <= Date.parse(start))
      errors.endTime = 'The event must end after it starts';
  }
  if (step === 2 && draft.capacity.trim()) {
    const capacity = Number(draft.capacity);
    if (!Number.isInteger(capacity) || capacity < 1 || capacity > 10_000)
      errors.capacity = 'Capacity is a whole number from 1 to 10000, or empty for no limit';
  }
  return errors;
}

/** The request body of a complete draft. */
export function createEventBody(draft: EventDraft, memberZone: string): CreateEventBody {
  const endDate = draft.endDate || draft.startDate;
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    category: draft.category,
    type: draft.type,
    ...(draft.city ? { city: draft.city } : { timeZone: memberZone }),
    ...(draft.type !== 'online' ? { address: draft.address.trim() } : {}),
    ...(draft.type !== 'in_person' ? { onlineUrl: draft.onlineUrl.trim() } : {}),
    localStart: `${draft.startDate}T${draft.startTime}`,
    localEnd: `${endDate}T${draft.endTime}`,
    capacity: draft.capacity.trim() ? Number(draft.capacity) : null,
    ...(draft.circleId ? { circleId: draft.circleId } : {}),
  };
}

/** A picked city as the contract's place (only these fields: the service refuses any other). */
export function placeCityOf(city: PlaceCity): PlaceCity {
  return {
    id: city.id,
    label: city.label,
    latitude: city.latitude,
    longitude: city.longitude,
    timeZone: city.timeZone,
  };
}
