import { Link, useParams } from '@mer/router';
import { toApiError } from '@mer/api-client';
import { Avatar, Badge, Card, PagePlaceholder, SafeHtml } from '@mer/design-system';
import { useCircleAbout } from '../api/circles.ts';
import { JOIN_POLICIES } from '../domain/circles.ts';
import { circlePath } from '../domain/circle-path.ts';
import { CircleHeader } from './CircleHeader.tsx';
import { LoadError, NotFoundState } from './PageStates.tsx';

/** /circles/{id}/about: what the circle is, how to join, who leads it and how lively it is. */
export default function CircleAboutView() {
  const circleId = useParams().id ?? '';
  const about = useCircleAbout(circleId);
  if (about.isPending) return <PagePlaceholder label="Loading the circle…" />;
  if (about.isError) {
    const status = toApiError(about.error).status;
    return status === 404 || status === 400 ? (
      <NotFoundState what="circle" back={{ to: '/circles', label: 'Back to circles' }} />
    ) : (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <LoadError title="We couldn't load this circle" onRetry={() => void about.refetch()} />
      </div>
    );
  }
  const { circle, leaders } = about.data;
  const policy = JOIN_POLICIES.find((p) => p.id === circle.joinPolicy)!;
  const counts = [
    { label: 'Upcoming meetups', value: about.data.upcomingMeetups, to: circlePath(circle.id, 'meetups') },
    { label: 'Upcoming events', value: about.data.upcomingEvents, to: '/events' },
    { label: 'Posts', value: about.data.postCount, to: circlePath(circle.id) },
    { label: 'Discussions', value: about.data.discussionCount, to: circlePath(circle.id, 'discussions') },
  ];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-3 py-5 sm:px-4 sm:py-8">
      <CircleHeader circle={circle} about />
      <Card padding="md" className="space-y-3">
        <h2 className="font-display text-2xl text-ink-900">About</h2>
        <SafeHtml html={circle.description} className="space-y-2 text-ink-800" />
        <p className="text-sm text-ink-700">
          <span className="font-semibold">Joining: </span>
          {policy.label}. {policy.hint}
        </p>
      </Card>
      <Card padding="md" className="space-y-3">
        <h2 className="font-display text-2xl text-ink-900">Led by</h2>
        <ul className="space-y-2">
          {leaders.map((l) => (
            <li key={l.member.userId} className="flex items-center gap-3">
              <Avatar name={l.member.name} src={l.member.imageUrl} size="sm" decorative />
              <Link to={`/profile/${l.member.userId}`} className="font-medium text-ink-900 hover:underline">
                {l.member.name}
              </Link>
              <Badge tone="sage">{l.role === 'holder' ? 'Holder' : 'Moderator'}</Badge>
            </li>
          ))}
        </ul>
      </Card>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map((c) => (
          <Card key={c.label} padding="sm" className="text-center">
            <dt className="text-sm text-ink-600">{c.label}</dt>
            <dd className="font-display text-2xl text-ink-900">
              <Link to={c.to}>{c.value}</Link>
            </dd>
          </Card>
        ))}
      </dl>
    </div>
  );
}
