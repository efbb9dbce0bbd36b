import { Link } from '@mer/router';
import { Avatar, Badge } from '@mer/design-system';
import { useCircleMembers } from '../../api/circles.ts';
import { LoadError } from '../PageStates.tsx';

const ROLE_LABELS = { holder: 'Holder', moderator: 'Moderator', member: null } as const;

/** The members tab: holders, moderators, then members by joining date (the service's order). */
export function CircleMembers({ circleId }: { circleId: string }) {
  const members = useCircleMembers(circleId);
  if (members.isPending) return <p className="text-sm text-ink-600">Loading members…</p>;
  if (members.isError)
    return (
      <LoadError
        title="We couldn't load the members"
        onRetry={() => void members.refetch()}
        error={members.error}
      />
    );
  return (
    <ul aria-label="Circle members" className="space-y-2">
      {members.data.map((m) => (
        <li key={m.member.userId} className="flex items-center gap-3">
          <Avatar name={m.member.name} src={m.member.imageUrl} size="sm" decorative />
          <Link to={`/profile/${m.member.userId}`} className="font-medium text-ink-900 hover:underline">
            {m.member.name}
          </Link>
          {ROLE_LABELS[m.role] ? <Badge tone="sage">{ROLE_LABELS[m.role]}</Badge> : null}
        </li>
      ))}
    </ul>
  );
}
