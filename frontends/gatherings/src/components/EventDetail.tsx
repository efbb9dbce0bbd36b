import { Link, useParams } from '@mer/router';
import { toApiError, useSessionStore } from '@mer/api-client';
import { Badge, Card, PagePlaceholder, useDeviceProfile, SafeHtml } from '@mer/design-system';
import {
  reloadEvent,
  useCancelEvent,
  useEvent,
  useEventAttendees,
  useEventRsvp,
  useUpdateEvent,
} from '../api/events.ts';
import { draftOf } from '../domain/gathering-edit.ts';
import { mapsLink } from '../domain/maps-link.ts';
import { placeTimeLabel, timeRangeLabel, yourTimeLabel } from '../domain/place-time.ts';
import { useRsvpRealtime } from '../hooks/useRsvpRealtime.ts';
import { AttendeeList } from './AttendeeList.tsx';
import { CalendarActions } from './CalendarActions.tsx';
import { EVENT_TYPE_LABELS } from './EventCard.tsx';
import { ManageGathering } from './ManageGathering.tsx';
import { LoadError, NotFoundState } from './PageStates.tsx';
import { RsvpPanel } from './RsvpPanel.tsx';
import { ReportButton } from './ReportButton.tsx';

const memberZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** /events/{id}: the event, the member's answer, who is going, and the calendar. */
export default function EventDetail() {
  const eventId = useParams().id ?? '';
  const event = useEvent(eventId);
  const attendees = useEventAttendees(eventId);
  const rsvp = useEventRsvp(eventId);
  const update = useUpdateEvent(eventId);
  const cancel = useCancelEvent(eventId);
  const myId = useSessionStore((s) => s.user?.id);
  const { platform } = useDeviceProfile();
  useRsvpRealtime(
    () => void reloadEvent(eventId),
    (data) => data.eventId === eventId,
  );

  if (event.isPending) return <PagePlaceholder label="Loading the event…" />;
  if (event.isError) {
    return toApiError(event.error).status === 404 ? (
      <NotFoundState what="event" back={{ to: '/events', label: 'Back to events' }} />
    ) : (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <LoadError title="We couldn't load this event" onRetry={() => void event.refetch()} />
      </div>
    );
  }
  const e = event.data;
  const yours = yourTimeLabel(e.startsAt, e.timeZone, memberZone());
  const placeText = [e.place.address, e.place.city?.label].filter(Boolean).join(', ');
  const over = Date.parse(e.endsAt) < Date.now();
  const hosting = myId === e.host.userId && e.status === 'scheduled' && !over;
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-3 py-5 sm:px-4 sm:py-8">
      {e.coverUrl ? (
        <img src={e.coverUrl} alt="" className="max-h-72 w-full rounded-[var(--radius-card)] object-cover" />
      ) : null}
      <header className="space-y-2">
        <p className="text-sm font-semibold text-sage-700">
          {timeRangeLabel(e.startsAt, e.endsAt, e.timeZone)}
        </p>
        <h1 className="font-display text-3xl text-ink-900">{e.title}</h1>
        <div className="flex flex-wrap gap-2">
          <Badge tone="sand">{EVENT_TYPE_LABELS[e.type]}</Badge>
          {e.status === 'cancelled' ? <Badge tone="clay">Cancelled</Badge> : null}
          {e.approvalStatus === 'pending' ? <Badge tone="gold">Waiting for approval</Badge> : null}
          {e.approvalStatus === 'rejected' ? <Badge tone="clay">Not approved</Badge> : null}
          {e.hidden ? <Badge tone="clay">Hidden by a moderator</Badge> : null}
          <ReportButton targetType="event" targetId={e.id} ownerId={e.host.userId} />
        </div>
        <p className="text-sm text-ink-600">
          Hosted by{' '}
          <Link to={`/profile/${e.host.userId}`} className="font-semibold text-ink-800 hover:underline">
            {e.host.name}
          </Link>
          {e.circle ? (
            <>
              {' '}
              in{' '}
              <Link to={`/circles/${e.circle.id}`} className="font-semibold text-ink-800 hover:underline">
                {e.circle.name}
              </Link>
            </>
          ) : null}
        </p>
      </header>

      {e.status === 'cancelled' && e.cancellationReason ? (
        <p className="rounded-2xl bg-clay-100 p-4 text-sm text-clay-700">Cancelled: {e.cancellationReason}</p>
      ) : null}
      {e.approvalStatus === 'rejected' && e.rejectionReason ? (
        <p className="rounded-2xl bg-clay-100 p-4 text-sm text-clay-700">Not approved: {e.rejectionReason}</p>
      ) : null}

      {hosting ? (
        <Card padding="md">
          <ManageGathering
            what="event"
            initial={draftOf({ ...e, capacity: e.attendance.capacity })}
            timeZone={e.timeZone}
            update={update}
            cancel={cancel}
          />
        </Card>
      ) : null}

      <Card padding="md" className="space-y-4">
        <section aria-label="When and where" className="space-y-2 text-ink-800">
          <p>
            <span className="font-semibold">When: </span>
            {placeTimeLabel(e.startsAt, e.timeZone)} ({e.timeZone})
            {yours ? <span className="text-ink-600"> · {yours}</span> : null}
          </p>
          {e.type !== 'online' ? (
            <p>
              <span className="font-semibold">Where: </span>
              {placeText || 'The place is to be announced'}
              {placeText ? (
                <>
                  {' '}
                  <a
                    href={mapsLink(placeText, platform)}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="font-semibold text-sage-700 underline"
                  >
                    Open in your maps app
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          {e.type !== 'in_person' ? (
            e.place.onlineUrl ? (
              <p>
                <span className="font-semibold">Online: </span>
                <a
                  href={e.place.onlineUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="break-all font-semibold text-sage-700 underline"
                >
                  Join online
                </a>
              </p>
            ) : null
          ) : null}
          {e.place.hiddenUntilGoing ? (
            <p className="text-sm text-ink-600">
              {e.type === 'in_person'
                ? 'The exact address is shared with the members who are going.'
                : 'The address and the online link are shared with the members who are going.'}
            </p>
          ) : null}
        </section>
        <RsvpPanel
          attendance={e.attendance}
          name={e.title}
          onAnswer={(status) => rsvp.mutate(status)}
          pending={rsvp.isPending}
          error={rsvp.error}
          closed={
            e.status === 'cancelled'
              ? 'This event was cancelled.'
              : over
                ? 'This event is over.'
                : e.approvalStatus !== 'approved'
                  ? 'Members can answer once the event is approved.'
                  : null
          }
        />
        <CalendarActions target={{ kind: 'event', id: e.id, title: e.title }} />
      </Card>

      <section aria-label="About this event">
        <SafeHtml html={e.description} className="prose text-ink-800" />
      </section>

      <Card padding="md" className="space-y-4">
        <h2 className="font-display text-xl text-ink-900">Who's going</h2>
        {attendees.isPending ? (
          <p className="text-sm text-ink-600">Loading who's going…</p>
        ) : attendees.isError ? (
          <LoadError title="We couldn't load who's going" onRetry={() => void attendees.refetch()} />
        ) : attendees.data.going.length === 0 && attendees.data.waitlist.length === 0 ? (
          <p className="text-sm text-ink-600">Nobody yet. Be the first!</p>
        ) : (
          <>
            <AttendeeList title="Going" attendees={attendees.data.going} />
            <AttendeeList title="Waitlist" attendees={attendees.data.waitlist} />
          </>
        )}
      </Card>
    </article>
  );
}
