import { useState, type ReactNode } from 'react';
import { REVIEW_REASON_MAX_LENGTH } from '@mer/contracts';
import { describeError } from '@mer/api-client';
import { Alert, Badge, Button, Card, PagePlaceholder, type Feedback } from '@mer/design-system';
import { Link } from '@mer/router';
import {
  usePendingCircles,
  usePendingEvents,
  useReviewGathering,
  type PendingCircle,
  type PendingEvent,
} from '../api/admin.ts';
import {
  circlePlace,
  descriptionExcerpt,
  eventPlace,
  eventWhen,
  reasonRequired,
} from '../domain/approvals.ts';
import RejectDialog from './RejectDialog.tsx';

type Kind = 'circle' | 'event';

/** One thing waiting for approval, as the list shows it: circles and events share the card and the decisions. */
interface Gathering {
  id: string;
  name: string;
  creator: PendingCircle['holder'];
  category: string;
  place: string;
  /** Events only: when it happens. */
  when?: string;
  /** Events only: the circle it belongs to. */
  circleName?: string;
  description: string;
  createdAt: string;
}

function fromCircle(circle: PendingCircle): Gathering {
  return {
    id: circle.id,
    name: circle.name,
    creator: circle.holder,
    category: circle.category,
    place: circlePlace(circle),
    description: circle.description,
    createdAt: circle.createdAt,
  };
}

function fromEvent(event: PendingEvent): Gathering {
  return {
    id: event.id,
    name: event.title,
    creator: event.host,
    category: event.category,
    place: eventPlace(event),
    when: eventWhen(event),
    ...(event.circle ? { circleName: event.circle.name } : {}),
    description: event.description,
    createdAt: event.createdAt,
  };
}

const WORDS: Record<Kind, { heading: string; list: string; loading: string; empty: string; label: string }> =
  {
    circle: {
      heading: 'Circles',
      list: 'Circles waiting for approval',
      loading: 'Loading circles…',
      empty: 'No circles wait for approval.',
      label: 'Circle',
    },
    event: {
      heading: 'Events',
      list: 'Events waiting for approval',
      loading: 'Loading events…',
      empty: 'No events wait for approval.',
      label: 'Event',
    },
  };

/** Circles waiting for approval, oldest first. */
export function PendingCircles({ onFeedback }: { onFeedback: (feedback: Feedback) => void }) {
  const circles = usePendingCircles();
  return (
    <ReviewList kind="circle" query={circles} items={circles.data?.map(fromCircle)} onFeedback={onFeedback} />
  );
}

/** Events waiting for approval, oldest first. */
export function PendingEvents({ onFeedback }: { onFeedback: (feedback: Feedback) => void }) {
  const events = usePendingEvents();
  return (
    <ReviewList kind="event" query={events} items={events.data?.map(fromEvent)} onFeedback={onFeedback} />
  );
}

function ReviewList({
  kind,
  query,
  items,
  onFeedback,
}: {
  kind: Kind;
  query: { isPending: boolean; isError: boolean; error: unknown };
  items: Gathering[] | undefined;
  onFeedback: (feedback: Feedback) => void;
}) {
  const review = useReviewGathering();
  const [rejecting, setRejecting] = useState<Gathering | null>(null);
  const words = WORDS[kind];

  function approve(item: Gathering) {
    review.mutate(
      { kind, id: item.id, decision: 'approved' },
      {
        onSuccess: () =>
          onFeedback({ title: `${words.label} approved`, description: item.name, tone: 'success' }),
        onError: (error) => onFeedback({ ...describeError(error), tone: 'error' }),
      },
    );
  }

  function reject(reason: string) {
    if (!rejecting) return;
    const item = rejecting;
    review.mutate(
      { kind, id: item.id, decision: 'rejected', reason },
      {
        onSuccess: () =>
          onFeedback({ title: `${words.label} rejected`, description: item.name, tone: 'success' }),
        onError: (error) => onFeedback({ ...describeError(error), tone: 'error' }),
        onSettled: () => setRejecting(null),
      },
    );
  }

  let body: ReactNode;
  if (query.isPending) body = <PagePlaceholder label={words.loading} />;
  else if (query.isError) {
    const { title, description } = describeError(query.error);
    body = (
      <Alert tone="error" title={title}>
        {description}
      </Alert>
    );
  } else if (!items || items.length === 0) body = <p className="text-ink-600">{words.empty}</p>;
  else
    body = (
      <ul aria-label={words.list} className="space-y-3">
        {items.map((item) => (
          <li key={item.id}>
            <GatheringCard item={item}>
              <Button size="sm" onClick={() => approve(item)} disabled={review.isPending}>
                Approve
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setRejecting(item)}
                disabled={review.isPending}
              >
                Reject
              </Button>
            </GatheringCard>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby={`approvals-${kind}-heading`} className="space-y-2">
      <h3 id={`approvals-${kind}-heading`} className="text-lg font-semibold text-ink-800">
        {words.heading}
      </h3>
      {body}
      <RejectDialog
        open={rejecting !== null}
        name={rejecting?.name ?? ''}
        description={`The member who created the ${kind} sees your reason.`}
        reasonRequired={reasonRequired(kind)}
        maxLength={REVIEW_REASON_MAX_LENGTH}
        sending={review.isPending}
        onCancel={() => setRejecting(null)}
        onReject={reject}
      />
    </section>
  );
}

/** What a reviewer needs to decide: what, by whom, where, when, and the start of its description. */
function GatheringCard({ item, children }: { item: Gathering; children: ReactNode }) {
  const excerpt = descriptionExcerpt(item.description);
  return (
    <Card padding="lg">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-ink-900">{item.name}</span>
        <Badge className="capitalize">{item.category}</Badge>
        <Badge tone="sand">{item.place}</Badge>
      </div>
      <p className="mt-1 text-sm text-ink-700">
        By{' '}
        <Link to={`/admin/user-profile/${item.creator.userId}`} className="text-sage-700 underline">
          {item.creator.name}
        </Link>{' '}
        <span className="text-ink-500">@{item.creator.username}</span>
        {item.circleName ? ` in ${item.circleName}` : ''}
      </p>
      {item.when ? <p className="mt-1 text-sm text-ink-700">{item.when}</p> : null}
      {excerpt ? <p className="mt-2 break-words text-ink-700">{excerpt}</p> : null}
      <p className="mt-2 text-xs text-ink-500">
        Created <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleString()}</time>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">{children}</div>
    </Card>
  );
}
