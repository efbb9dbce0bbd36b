import type { PendingCircle, PendingEvent } from '../api/admin.ts';

/** How much of a description a reviewer reads in the list before deciding. */
export const EXCERPT_LENGTH = 200;

/**
 * The plain text of stored (already sanitised) member HTML, cut at a word near `max` characters. DOMParser builds
 * an inert document (no scripts run, nothing loads) and only its text is kept, so entities read as characters.
 */
export function descriptionExcerpt(html: string, max = EXCERPT_LENGTH): string {
  const doc = new DOMParser().parseFromString(
    `<body>${html.replace(/<\/p>|<br\s*\/?>/gi, ' $&')}</body>`,
    'text/html',
  );
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** "Lisbon, Portugal", or "Online" for a circle without a city. */
export function circlePlace(circle: Pick<PendingCircle, 'city'>): string {
  return circle.city ? circle.city.label : 'Online';
}

/** Where an event happens: its city, "Online", or both for a hybrid one. */
export function eventPlace(event: Pick<PendingEvent, 'type' | 'place'>): string {
  const city = event.place.city?.label;
  if (event.type === 'online' || !city) return 'Online';
  return event.type === 'hybrid' ? `${city} and online` : city;
}

/**
 * When an event happens, in its place's wall-clock time as the host wrote it: "2026-12-03 19:00–21:00
 * (Europe/Lisbon)", both ends in full when it ends on another day.
 */
export function eventWhen(event: Pick<PendingEvent, 'localStart' | 'localEnd' | 'timeZone'>): string {
  const [startDate, startTime] = event.localStart.split('T');
  const [endDate, endTime] = event.localEnd.split('T');
  const end = endDate === startDate ? endTime : `${endDate} ${endTime}`;
  return `${startDate} ${startTime}–${end} (${event.timeZone})`;
}

/** What the reason field says when a reviewer rejects without one (the service's own words). */
export function reasonRequired(kind: 'circle' | 'event'): string {
  return `Give the reason for rejecting the ${kind}.`;
}
