import type { Attendance, CircleStanding, EventType, PlaceCity } from '@mer/contracts';

/*
 * events-circles' rules that need no I/O: who may do what in a circle, what a place needs, what the viewer sees
 * of it, spots and waitlist arithmetic, distances, cursors and previews.
 */

export type CircleRole = 'holder' | 'moderator' | 'member';

/** Holders and moderators lead a circle: they post updates, open forum topics, create meetups, answer requests. */
export const leads = (role: CircleRole | undefined): boolean => role === 'holder' || role === 'moderator';

/** Which standing a member row gives. */
export function standingOf(
  row: { status: 'member' | 'requested' | 'invited'; role: CircleRole } | undefined,
): CircleStanding {
  if (!row) return 'none';
  if (row.status !== 'member') return row.status;
  return row.role;
}

/** What joining does for a member with no standing yet: join at once, ask, or refuse (invitation only). */
export function joinOutcome(
  policy: 'open' | 'request' | 'invitation',
  current: 'none' | 'requested' | 'invited',
): 'join' | 'request' | 'refuse' | 'already-requested' {
  if (current === 'invited' || policy === 'open') return 'join';
  if (current === 'requested') return 'already-requested';
  return policy === 'request' ? 'request' : 'refuse';
}

/** Admins may always; members need an active membership and a completed profile (billing's and profiles' facts). */
export function mayContribute(m: { paid: boolean; onboarded: boolean; admin: boolean }): boolean {
  return m.admin || (m.paid && m.onboarded);
}

export const REVIEWER_PERMISSIONS = ['system_admin', 'communities_update'] as const;
export const isReviewer = (perms: readonly string[] | undefined): boolean =>
  (perms ?? []).some((p) => (REVIEWER_PERMISSIONS as readonly string[]).includes(p));

export interface PlaceInput {
  type: EventType;
  city?: PlaceCity | null | undefined;
  address?: string | null | undefined;
  onlineUrl?: string | null | undefined;
  timeZone?: string | undefined;
}

/** The place as stored, or the field and the words of what is missing. */
export function placeProblem(p: PlaceInput): { field: string; message: string } | undefined {
  const needsCity = p.type !== 'online';
  const needsLink = p.type !== 'in_person';
  if (needsCity && !p.city) return { field: 'city', message: 'Choose the city where it takes place.' };
  if (needsCity && !p.address?.trim()) return { field: 'address', message: 'Enter the address.' };
  if (needsLink && !p.onlineUrl?.trim())
    return { field: 'onlineUrl', message: 'Enter the link to join online.' };
  if (needsLink && !isHttpsUrl(p.onlineUrl!.trim()))
    return { field: 'onlineUrl', message: 'The online link must be an https:// address.' };
  if (!p.city && !p.timeZone)
    return { field: 'timeZone', message: 'Choose the time zone of the online event.' };
  return undefined;
}

export function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.length > 0 && !/[\s<>"']/.test(text);
  } catch {
    return false;
  }
}

/** Address and link are for the host and members going (and reviewers): the others learn they exist. */
export function placeFor(
  place: {
    type: EventType;
    city_id: string | null;
    city_label: string | null;
    latitude: number | null;
    longitude: number | null;
    address: string | null;
    online_url: string | null;
  },
  mayReadDetails: boolean,
) {
  return {
    city:
      place.city_id && place.city_label
        ? {
            id: place.city_id,
            label: place.city_label,
            latitude: place.latitude ?? 0,
            longitude: place.longitude ?? 0,
          }
        : null,
    address: mayReadDetails ? place.address : null,
    onlineUrl: mayReadDetails ? place.online_url : null,
    hiddenUntilGoing: !mayReadDetails && (place.address !== null || place.online_url !== null),
  };
}

export type RsvpState = 'going' | 'waitlisted' | 'not_going';

/** Going takes a spot while one is free; otherwise the member queues (FIFO). */
export function admissionFor(capacity: number | null, goingCount: number): 'going' | 'waitlisted' {
  return capacity === null || goingCount < capacity ? 'going' : 'waitlisted';
}

/** How many from the waitlist move up when the going count or the capacity changed. */
export function promotionsDue(capacity: number | null, goingCount: number, waitlistCount: number): number {
  if (waitlistCount === 0) return 0;
  if (capacity === null) return waitlistCount;
  return Math.max(0, Math.min(waitlistCount, capacity - goingCount));
}

export function attendance(
  g: { capacity: number | null; going_count: number; waitlist_count: number },
  mine: { status: RsvpState | 'none'; waitlistPosition: number | null },
): Attendance {
  return {
    capacity: g.capacity,
    goingCount: g.going_count,
    waitlistCount: g.waitlist_count,
    spotsLeft: g.capacity === null ? null : Math.max(0, g.capacity - g.going_count),
    myStatus: mine.status,
    myWaitlistPosition: mine.status === 'waitlisted' ? mine.waitlistPosition : null,
  };
}

const EARTH_RADIUS_KM = 6371.0088;

export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLon = (b.lon - a.lon) * toRad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The latitude and longitude band holding every point within `km` of a centre (the index narrows to it first). */
export function boundingBox(centre: { lat: number; lon: number }, km: number) {
  const dLat = km / 111.32;
  const cos = Math.cos((centre.lat * Math.PI) / 180);
  const dLon = cos < 1e-6 ? 180 : Math.min(180, km / (111.32 * cos));
  return {
    minLat: centre.lat - dLat,
    maxLat: centre.lat + dLat,
    minLon: centre.lon - dLon,
    maxLon: centre.lon + dLon,
  };
}

/** Sanitised HTML as plain text (tags dropped, the five entities decoded, whitespace collapsed). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A notification's excerpt: plain text, at most 140 characters. */
export function preview(html: string): string {
  const text = plainText(html);
  return text.length <= 140 ? text : `${text.slice(0, 139)}…`;
}

/** Keyset cursors are opaque to clients: base64url of the last item's sort key and id. */
export function encodeCursor(key: string, id: string): string {
  return Buffer.from(`${key}|${id}`, 'utf8').toString('base64url');
}

export function decodeCursor(text: string): { key: string; id: string } | undefined {
  const raw = Buffer.from(text, 'base64url').toString('utf8');
  const m = /^([^|]{1,40})\|([0-9a-f-]{36})$/.exec(raw);
  return m ? { key: m[1]!, id: m[2]! } : undefined;
}
