import { Link } from '@mer/router';
import type { CircleRole, CircleStanding, JoinPolicy } from '@mer/contracts';
import { toApiError, useSessionStore } from '@mer/api-client';
import { Alert, Avatar, Badge, Button } from '@mer/design-system';
import {
  useAnswerJoinRequest,
  useCircleMembers,
  useJoinRequests,
  useSetCircleRole,
} from '../../api/circles.ts';
import { isCircleMember, leadsCircle } from '../../domain/circles.ts';
import { LoadError } from '../PageStates.tsx';
import { InviteMember } from './InviteMember.tsx';

const ROLE_LABELS = { holder: 'Holder', moderator: 'Moderator', member: null } as const;
const ROLE_CHOICES: readonly { id: CircleRole; label: string }[] = [
  { id: 'member', label: 'Member' },
  { id: 'moderator', label: 'Moderator' },
  { id: 'holder', label: 'Holder (hand over; you become a moderator)' },
];

/**
 * The members tab: holders, moderators, then members by joining date (the service's order). Holders and
 * moderators also see the requests to join and invite members; the holder changes roles. Members of an open
 * circle may invite too (the service's rule).
 */
export function CircleMembers({
  circleId,
  standing,
  joinPolicy,
}: {
  circleId: string;
  standing: CircleStanding;
  joinPolicy: JoinPolicy;
}) {
  const members = useCircleMembers(circleId);
  const leads = leadsCircle(standing);
  const holds = standing === 'holder';
  const setRole = useSetCircleRole(circleId);
  const myId = useSessionStore((s) => s.user?.id);
  const canInvite = leads || (joinPolicy === 'open' && isCircleMember(standing));

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
    <div className="space-y-5">
      {leads && joinPolicy === 'request' ? <JoinRequests circleId={circleId} /> : null}
      {canInvite ? <InviteMember circleId={circleId} /> : null}
      {setRole.error ? (
        <Alert tone="error" title="The role was not changed">
          {toApiError(setRole.error).message}
        </Alert>
      ) : null}
      <ul aria-label="Circle members" className="space-y-2">
        {members.data.map((m) => (
          <li key={m.member.userId} className="flex flex-wrap items-center gap-3">
            <Avatar name={m.member.name} src={m.member.imageUrl} size="sm" decorative />
            <Link to={`/profile/${m.member.userId}`} className="font-medium text-ink-900 hover:underline">
              {m.member.name}
            </Link>
            {ROLE_LABELS[m.role] ? <Badge tone="sage">{ROLE_LABELS[m.role]}</Badge> : null}
            {holds && m.member.userId !== myId ? (
              <label className="ml-auto flex items-center gap-2 text-sm text-ink-700">
                Role
                <select
                  aria-label={`Role of ${m.member.name}`}
                  value={m.role}
                  disabled={setRole.isPending}
                  onChange={(e) =>
                    setRole.mutate({ userId: m.member.userId, role: e.target.value as CircleRole })
                  }
                  className="rounded-xl border border-sand-300 bg-white px-2 py-1"
                >
                  {ROLE_CHOICES.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.label}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Requests to join, oldest first: accept or decline each. */
function JoinRequests({ circleId }: { circleId: string }) {
  const requests = useJoinRequests(circleId, true);
  const answer = useAnswerJoinRequest(circleId);
  if (requests.isPending) return <p className="text-sm text-ink-600">Loading requests to join…</p>;
  if (requests.isError)
    return (
      <LoadError
        title="We couldn't load the requests to join"
        onRetry={() => void requests.refetch()}
        error={requests.error}
      />
    );
  return (
    <section aria-label="Requests to join" className="space-y-2 rounded-2xl bg-sand-50 p-4">
      <h3 className="font-semibold text-ink-900">Requests to join</h3>
      {requests.data.length === 0 ? (
        <p className="text-sm text-ink-600">No one is waiting.</p>
      ) : (
        <ul className="space-y-2">
          {requests.data.map((r) => (
            <li key={r.member.userId} className="flex flex-wrap items-center gap-3">
              <Avatar name={r.member.name} src={r.member.imageUrl} size="sm" decorative />
              <Link to={`/profile/${r.member.userId}`} className="font-medium text-ink-900 hover:underline">
                {r.member.name}
              </Link>
              <span className="ml-auto flex gap-2">
                <Button
                  size="sm"
                  aria-label={`Accept ${r.member.name}`}
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ userId: r.member.userId, accept: true })}
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Decline ${r.member.name}`}
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ userId: r.member.userId, accept: false })}
                >
                  Decline
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {answer.error ? (
        <Alert tone="error" title="The request was not answered">
          {toApiError(answer.error).message}
        </Alert>
      ) : null}
    </section>
  );
}
