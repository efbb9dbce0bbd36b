import type { MerEvent } from '@mer/contracts';
import { Link } from '@mer/router';
import { Badge, Card } from '@mer/design-system';
import { goingLabel, myStatusLabel, spotsLabel } from '../domain/attendance.ts';
import { timeRangeLabel } from '../domain/place-time.ts';

export const EVENT_TYPE_LABELS: Record<MerEvent['type'], string> = {
  in_person: 'In person',
  online: 'Online',
  hybrid: 'In person and online',
};

/** One event in a list: when (in the place's time zone), where, how full, and the member's own answer. */
export function EventCard({ event, reason }: { event: MerEvent; reason?: string }) {
  const mine = myStatusLabel(event.attendance);
  return (
    <Card padding="md" className="flex gap-4" data-testid="event-card">
      {event.coverUrl ? (
        <img
          src={event.coverUrl}
          alt=""
          className="hidden size-24 shrink-0 rounded-2xl object-cover sm:block"
        />
      ) : null}
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm font-semibold text-sage-700">
          {timeRangeLabel(event.startsAt, event.endsAt, event.timeZone)}
        </p>
        <h3 className="font-display text-xl text-ink-900">
          <Link to={`/events/${event.id}`} className="hover:underline">
            {event.title}
          </Link>
        </h3>
        <p className="text-sm text-ink-600">
          {event.place.city?.label ?? 'Online'} · {EVENT_TYPE_LABELS[event.type]}
          {event.distanceKm !== undefined ? ` · ${Math.round(event.distanceKm)} km away` : ''}
        </p>
        <p className="text-sm text-ink-600">
          {goingLabel(event.attendance)} · {spotsLabel(event.attendance)}
        </p>
        <div className="flex flex-wrap gap-2 pt-1">
          {event.status === 'cancelled' ? <Badge tone="clay">Cancelled</Badge> : null}
          {event.approvalStatus === 'pending' ? <Badge tone="gold">Waiting for approval</Badge> : null}
          {event.approvalStatus === 'rejected' ? <Badge tone="clay">Not approved</Badge> : null}
          {mine ? <Badge tone="sage">{mine}</Badge> : null}
          {event.circle ? <Badge tone="sand">{event.circle.name}</Badge> : null}
        </div>
        {reason ? <p className="text-sm text-ink-700">{reason}</p> : null}
      </div>
    </Card>
  );
}
