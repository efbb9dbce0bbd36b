import type { CreateMeetupBody, EventType, PlaceCity, Recurrence } from '@mer/contracts';
import { instantOf } from './place-time.ts';

/** A circle's meetup form (no I/O): once, or repeating daily, weekly on chosen days, or monthly. */
export const WEEKDAYS = [
  { id: 'MO', label: 'Mon' },
  { id: 'TU', label: 'Tue' },
  { id: 'WE', label: 'Wed' },
  { id: 'TH', label: 'Thu' },
  { id: 'FR', label: 'Fri' },
  { id: 'SA', label: 'Sat' },
  { id: 'SU', label: 'Sun' },
] as const;
export type Weekday = (typeof WEEKDAYS)[number]['id'];

export interface MeetupDraft {
  title: string;
  description: string;
  type: EventType;
  city: PlaceCity | null;
  address: string;
  onlineUrl: string;
  date: string;
  startTime: string;
  endTime: string;
  repeat: 'none' | Recurrence['frequency'];
  weekdays: Weekday[];
  monthlyBy: 'date' | 'weekday';
  /** How many times in all (empty: until a date or a year ahead). */
  count: string;
  until: string;
  capacity: string;
}

export const EMPTY_MEETUP: MeetupDraft = {
  title: '',
  description: '',
  type: 'in_person',
  city: null,
  address: '',
  onlineUrl: '',
  date: '',
  startTime: '19:00',
  endTime: '20:30',
  repeat: 'none',
  weekdays: [],
  monthlyBy: 'date',
  count: '',
  until: '',
  capacity: '',
};

/** The weekday of a calendar date, as RRULE names it. */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7]!.id;
}

export function meetupErrors(
  draft: MeetupDraft,
  memberZone: string,
  now = Date.now(),
): Partial<Record<keyof MeetupDraft, string>> {
  const errors: Partial<Record<keyof MeetupDraft, string>> = {};
  if (!draft.title.trim()) errors.title = 'Please give the meetup a title';
  if (draft.type !== 'online' && !draft.city) errors.city = 'Please pick the city from the list';
  if (draft.type !== 'in_person' && !/^https:\/\/\S+$/.test(draft.onlineUrl.trim()))
    errors.onlineUrl = 'Please enter the link, starting with https://';
  const zone = draft.city?.timeZone ?? memberZone;
  const start = draft.date ? instantOf(draft.date, draft.startTime, zone) : null;
  const end = draft.date ? instantOf(draft.date, draft.endTime, zone) : null;
  if (!start) errors.date = 'Please choose the first date';
  else if (Date.parse(start) <= now) errors.date = 'The first meetup must be in the future';
  if (start && end && Date.parse(end) <= Date.parse(start))
    errors.endTime = 'The meetup must end after it starts';
  if (draft.count.trim() && !/^\d+$/.test(draft.count.trim())) errors.count = 'Please enter a whole number';
  if (draft.capacity.trim() && !/^[1-9]\d*$/.test(draft.capacity.trim()))
    errors.capacity = 'Capacity is a whole number from 1, or empty for no limit';
  return errors;
}

export function createMeetupBody(draft: MeetupDraft, memberZone: string): CreateMeetupBody {
  const recurrence: Recurrence | null =
    draft.repeat === 'none'
      ? null
      : {
          frequency: draft.repeat,
          ...(draft.repeat === 'weekly'
            ? { weekdays: draft.weekdays.length > 0 ? draft.weekdays : [weekdayOf(draft.date)] }
            : {}),
          ...(draft.repeat === 'monthly' ? { monthlyBy: draft.monthlyBy } : {}),
          ...(draft.count.trim() ? { count: Number(draft.count) } : {}),
          ...(draft.until ? { until: draft.until } : {}),
        };
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    type: draft.type,
    ...(draft.city ? { city: draft.city } : { timeZone: memberZone }),
    ...(draft.type !== 'online' && draft.address.trim() ? { address: draft.address.trim() } : {}),
    ...(draft.type !== 'in_person' ? { onlineUrl: draft.onlineUrl.trim() } : {}),
    localStart: `${draft.date}T${draft.startTime}`,
    localEnd: `${draft.date}T${draft.endTime}`,
    capacity: draft.capacity.trim() ? Number(draft.capacity) : null,
    recurrence,
  };
}
