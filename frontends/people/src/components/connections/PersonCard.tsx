import type { ReactNode } from 'react';
import { Link } from '@mer/router';
import { Avatar, Badge, Card } from '@mer/design-system';
import type { PersonCard as Person, RequestSource } from '../../api/social-graph.ts';
import { badgesForDisplay } from '../../domain/badges.ts';
import { ConnectionActions } from './ConnectionActions.tsx';

/**
 * A member as a card: photo, name (a link to the profile), badges, city (only when they share it), the
 * practices we share, and the status button. `extra` sits under the name (the reasons of a recommendation).
 */
export function PersonCard({
  person,
  extra,
  aside,
  withdrawable,
  source,
}: {
  person: Person;
  extra?: ReactNode;
  aside?: ReactNode;
  withdrawable?: boolean;
  source?: RequestSource;
}) {
  const badges = badgesForDisplay(person.badges).slice(0, 2);
  return (
    <Card tone="white" padding="sm" className="flex h-full flex-col gap-3" data-testid="person-card">
      <div className="flex items-start gap-3">
        <Avatar name={person.name} src={person.imageUrl} size="lg" decorative />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-base font-semibold text-ink-900">
            <Link
              to={`/profile/${encodeURIComponent(person.userId)}`}
              className="rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              {person.name}
            </Link>
          </h3>
          {person.city ? <p className="truncate text-sm text-ink-600">{person.city}</p> : null}
          {badges.length > 0 ? (
            <p className="mt-1 flex flex-wrap gap-1">
              {badges.map((b) => (
                <Badge key={b.type} tone={b.type === 'new_member' ? 'sand' : 'sage'}>
                  {b.label}
                </Badge>
              ))}
            </p>
          ) : null}
        </div>
        {aside}
      </div>
      {person.sharedPractices.length > 0 ? (
        <p className="text-sm text-ink-700">
          <span className="font-medium text-sage-800">You both practise </span>
          {person.sharedPractices.join(', ')}
        </p>
      ) : null}
      {extra}
      <div className="mt-auto">
        <ConnectionActions
          userId={person.userId}
          name={person.name}
          status={person.status}
          requestId={person.requestId}
          withdrawable={withdrawable}
          source={source}
        />
      </div>
    </Card>
  );
}
