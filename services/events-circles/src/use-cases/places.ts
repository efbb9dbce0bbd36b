import { EVENT_ADDRESS_MAX_LENGTH, type EventType, type PlaceCity } from '@mer/contracts';
import { invalidData } from '@mer/service-runtime';
import type { EventsCirclesDeps } from '../deps.ts';
import { placeProblem } from '../domain/rules.ts';
import { isKnownTimeZone, localToUtc } from '../domain/time.ts';
import { cleanMemberText } from './member-text.ts';

/** The place and times of an event or meetup as stored: checked, sanitised, times placed in the zone. */
export interface PlaceColumns {
  type: EventType;
  city_id: string | null;
  city_label: string | null;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  online_url: string | null;
  time_zone: string;
}

export interface PlaceAndTimeInput {
  type: EventType;
  city?: PlaceCity | null | undefined;
  address?: string | null | undefined;
  onlineUrl?: string | null | undefined;
  timeZone?: string | undefined;
  localStart: string;
  localEnd: string;
}

export const MAX_DURATION_MS = 31 * 86_400_000;

export async function placeAndTime(
  deps: EventsCirclesDeps,
  userId: string,
  input: PlaceAndTimeInput,
  addressField: 'event.address' | 'meetup.address',
): Promise<{ place: PlaceColumns; startsAt: Date; endsAt: Date }> {
  const problem = placeProblem(input);
  if (problem) throw invalidData('Invalid Data', problem.message, problem.field);
  // A city's own zone wins: the place decides what "19:00" means.
  const zone = input.city?.timeZone ?? input.timeZone!;
  if (!isKnownTimeZone(zone))
    throw invalidData('Invalid Data', 'Unknown time zone.', input.city ? 'city' : 'timeZone');
  const startsAt = localToUtc(input.localStart, zone);
  const endsAt = localToUtc(input.localEnd, zone);
  if (!startsAt) throw invalidData('Invalid Data', 'The start is not a valid date and time.', 'localStart');
  if (!endsAt) throw invalidData('Invalid Data', 'The end is not a valid date and time.', 'localEnd');
  if (endsAt <= startsAt) throw invalidData('Invalid Data', 'The end must be after the start.', 'localEnd');
  if (endsAt.getTime() - startsAt.getTime() > MAX_DURATION_MS)
    throw invalidData('Invalid Data', 'It can last at most 31 days.', 'localEnd');
  const hasAddress = input.type !== 'online';
  const hasLink = input.type !== 'in_person';
  const address = hasAddress
    ? await cleanMemberText(deps, userId, addressField, input.address ?? '', {
        maxLength: EVENT_ADDRESS_MAX_LENGTH,
        html: false,
        required: true,
      })
    : null;
  const cityLabel = input.city
    ? await cleanMemberText(deps, userId, 'event.cityLabel', input.city.label, {
        maxLength: 200,
        html: false,
        required: true,
      })
    : null;
  return {
    place: {
      type: input.type,
      city_id: input.city?.id ?? null,
      city_label: cityLabel,
      latitude: input.city?.latitude ?? null,
      longitude: input.city?.longitude ?? null,
      address,
      online_url: hasLink ? new URL(input.onlineUrl!.trim()).toString() : null,
      time_zone: zone,
    },
    startsAt,
    endsAt,
  };
}
