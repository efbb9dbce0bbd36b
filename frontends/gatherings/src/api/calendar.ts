import { eventsCircles } from '@mer/contracts/browser';
import { getAccessToken, refreshSession } from '@mer/api-client';

/*
 * The .ics files of events-circles are text/calendar behind the member's token, so they are fetched here (the
 * transport's `call` reads JSON) and handed to the browser as a download.
 */

async function fetchCalendar(path: string): Promise<Blob> {
  const send = () =>
    fetch(path, { headers: { accept: 'text/calendar', authorization: `Bearer ${getAccessToken() ?? ''}` } });
  let response = await send();
  if (response.status === 401 && (await refreshSession())) response = await send();
  if (!response.ok) throw new Error('The calendar file could not be downloaded. Please try again.');
  return new Blob([await response.text()], { type: 'text/calendar' });
}

function saveAs(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads one event as an .ics (with its time zone) for the member's calendar app. */
export async function downloadEventCalendar(eventId: string, title: string): Promise<void> {
  const path = eventsCircles.eventCalendar.path.replace(':eventId', encodeURIComponent(eventId));
  saveAs(await fetchCalendar(path), `${fileNameOf(title)}.ics`);
}

/** Downloads a meetup series as an .ics (its RRULE, cancelled dates left out). */
export async function downloadMeetupCalendar(meetupId: string, title: string): Promise<void> {
  const path = eventsCircles.occurrenceCalendar.path.replace(':meetupId', encodeURIComponent(meetupId));
  saveAs(await fetchCalendar(path), `${fileNameOf(title)}.ics`);
}

/** "Full Moon Circle!" → "full-moon-circle". */
export function fileNameOf(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'event'
  );
}

/** The feed's address in full (the service may answer with a path on the MER host). */
export function absoluteUrl(url: string, origin = location.origin): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url}`;
}

/** The feed URL as calendar apps subscribe to it (webcal: opens the member's calendar app). */
export function webcalUrl(feedUrl: string, origin = location.origin): string {
  return absoluteUrl(feedUrl, origin).replace(/^https?:/, 'webcal:');
}
