import type { Attendee } from '@mer/contracts';
import { Link } from '@mer/router';
import { Avatar, Badge } from '@mer/design-system';

/** Mutual connections first, then in the order they answered (the service's order within each group). */
export function connectionsFirst(attendees: readonly Attendee[]): Attendee[] {
  return [...attendees.filter((a) => a.isConnection), ...attendees.filter((a) => !a.isConnection)];
}

export function AttendeeList({ title, attendees }: { title: string; attendees: readonly Attendee[] }) {
  if (attendees.length === 0) return null;
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold text-ink-800">{title}</h3>
      <ul className="space-y-2">
        {connectionsFirst(attendees).map((a) => (
          <li key={a.member.userId} className="flex items-center gap-3">
            <Avatar name={a.member.name} src={a.member.imageUrl} size="sm" decorative />
            <Link to={`/profile/${a.member.userId}`} className="font-medium text-ink-900 hover:underline">
              {a.member.name}
            </Link>
            {a.isConnection ? <Badge tone="sage">Your connection</Badge> : null}
            {a.waitlistPosition ? <span className="text-sm text-ink-600">#{a.waitlistPosition}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
