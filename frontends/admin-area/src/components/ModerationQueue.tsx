import { useState } from 'react';
import { describeError } from '@mer/api-client';
import {
  Alert,
  Badge,
  Button,
  Card,
  Dialog,
  PagePlaceholder,
  TextField,
  useFeedback,
} from '@mer/design-system';
import { Link } from '@mer/router';
import {
  MODERATION_PAGE_SIZE,
  useDecide,
  useModerationQueue,
  type ModerationAction,
  type ModerationItem,
} from '../api/admin.ts';
import {
  ACTION_LABEL,
  NEEDS_CONFIRMATION,
  actionsFor,
  decidedToast,
  sourceLabel,
  targetLabel,
} from '../domain/texts.ts';

/**
 * Where an admin can look at the reported thing itself; messages are private, so only their text is shown. Items
 * inside a circle or a discussion are found through the place their service sent with the report.
 */
function openLink(item: ModerationItem): { to: string; label: string } | null {
  const circleId = item.place?.circleId;
  const discussionId = item.place?.discussionId;
  switch (item.targetType) {
    case 'post':
      return { to: `/community/post/${item.targetId}`, label: 'Open post' };
    case 'circle':
      return { to: `/circles/${item.targetId}`, label: 'Open circle' };
    case 'event':
      return { to: `/events/${item.targetId}`, label: 'Open event' };
    case 'discussion':
      return { to: `/discussions/${item.targetId}`, label: 'Open discussion' };
    case 'discussion_reply':
      return discussionId ? { to: `/discussions/${discussionId}`, label: 'Open discussion' } : null;
    case 'circle_post':
      return circleId ? { to: `/circles/${circleId}/posts/${item.targetId}`, label: 'Open post' } : null;
    case 'circle_discussion':
      return circleId
        ? { to: `/circles/${circleId}/discussions/${item.targetId}`, label: 'Open discussion' }
        : null;
    case 'circle_discussion_reply':
      return circleId && discussionId
        ? { to: `/circles/${circleId}/discussions/${discussionId}`, label: 'Open discussion' }
        : null;
    default:
      return null;
  }
}

/** The moderation queue, paged on the server; destructive actions ask first; every result is a toast. */
export default function ModerationQueue({ authorId }: { authorId?: string }) {
  const [status, setStatus] = useState<'open' | 'decided'>('open');
  const [offset, setOffset] = useState(0);
  const queue = useModerationQueue({ status, offset, ...(authorId ? { authorId } : {}) });
  const decide = useDecide();
  const feedback = useFeedback();
  const [pending, setPending] = useState<{ item: ModerationItem; action: ModerationAction } | null>(null);
  const [note, setNote] = useState('');

  function run(item: ModerationItem, action: ModerationAction) {
    decide.mutate(
      { id: item.id, action, note: note.trim() || undefined },
      {
        onSuccess: () => feedback.show({ title: decidedToast(action), tone: 'success' }),
        onError: (error) => feedback.show({ ...describeError(error), tone: 'error' }),
        onSettled: () => {
          setPending(null);
          setNote('');
        },
      },
    );
  }

  function ask(item: ModerationItem, action: ModerationAction) {
    if (NEEDS_CONFIRMATION.has(action) || action === 'warn') setPending({ item, action });
    else run(item, action);
  }

  return (
    <section aria-labelledby="moderation-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="moderation-heading" className="text-xl font-semibold text-ink-900">
          {authorId ? 'Reports about this member' : 'Moderation queue'}
        </h2>
        <label className="text-sm text-ink-700">
          Show{' '}
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as 'open' | 'decided');
              setOffset(0);
            }}
            className="rounded-lg border border-ink-200 px-2 py-1"
          >
            <option value="open">Open</option>
            <option value="decided">Decided</option>
          </select>
        </label>
      </div>
      {feedback.inline ? (
        <Alert tone={feedback.inline.tone === 'error' ? 'error' : 'success'} title={feedback.inline.title}>
          {feedback.inline.description}
        </Alert>
      ) : null}
      {queue.isPending ? (
        <PagePlaceholder label="Loading the queue…" />
      ) : queue.isError ? (
        <Alert tone="error" title={describeError(queue.error).title}>
          {describeError(queue.error).description}
        </Alert>
      ) : queue.data.items.length === 0 ? (
        <p className="text-ink-600">
          {status === 'open' ? 'Nothing waits for review.' : 'No decisions yet.'}
        </p>
      ) : (
        <ul aria-label="Reported items" className="space-y-3">
          {queue.data.items.map((item) => (
            <li key={item.id}>
              <Card padding="lg">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold capitalize text-ink-900">
                    {targetLabel(item.targetType)}
                  </span>
                  <span className="text-sm text-ink-600">
                    from {sourceLabel(item.service)}
                    {item.place?.circleName ? ` · in the circle “${item.place.circleName}”` : ''}
                  </span>
                  <Badge>{`${item.reportCount} ${item.reportCount === 1 ? 'report' : 'reports'}`}</Badge>
                  {item.hidden ? <Badge tone="clay">Hidden</Badge> : null}
                  {item.lastAction ? <Badge>{ACTION_LABEL[item.lastAction]}</Badge> : null}
                  <Link
                    to={`/admin/user-profile/${item.authorId}`}
                    className="text-sm text-sage-700 underline"
                  >
                    {item.targetType === 'member' ? 'Reported member' : 'Author'}
                  </Link>
                  {openLink(item) ? (
                    <Link to={openLink(item)!.to} className="text-sm text-sage-700 underline">
                      {openLink(item)!.label}
                    </Link>
                  ) : null}
                </div>
                {item.context ? (
                  // What was reported, as its service sent it (plain text: React escapes it).
                  <blockquote className="mt-2 border-l-4 border-sand-300 pl-3 text-ink-800">
                    <span className="sr-only">Reported content: </span>
                    {item.context}
                  </blockquote>
                ) : null}
                <ul aria-label="Reports" className="mt-2 space-y-1 text-sm text-ink-700">
                  {item.reports.map((report) => (
                    <li key={report.reportId}>
                      “{report.reason}”{report.details ? ` — ${report.details}` : ''}{' '}
                      <time className="text-ink-500" dateTime={report.reportedAt}>
                        {new Date(report.reportedAt).toLocaleString()}
                      </time>
                    </li>
                  ))}
                </ul>
                <div className="mt-3 flex flex-wrap gap-2">
                  {actionsFor(item.targetType).map((action) => (
                    <Button
                      key={action}
                      size="sm"
                      variant={action === 'delete' || action === 'suspend' ? 'danger' : 'secondary'}
                      onClick={() => ask(item, action)}
                      disabled={decide.isPending}
                    >
                      {ACTION_LABEL[action]}
                    </Button>
                  ))}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {queue.data && queue.data.total > MODERATION_PAGE_SIZE ? (
        <nav aria-label="Pages" className="flex items-center gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(offset - MODERATION_PAGE_SIZE)}
          >
            Previous
          </Button>
          <span className="text-sm text-ink-600">
            {offset + 1}–{Math.min(offset + MODERATION_PAGE_SIZE, queue.data.total)} of {queue.data.total}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={offset + MODERATION_PAGE_SIZE >= queue.data.total}
            onClick={() => setOffset(offset + MODERATION_PAGE_SIZE)}
          >
            Next
          </Button>
        </nav>
      ) : null}
      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? `${ACTION_LABEL[pending.action]} this ${targetLabel(pending.item.targetType)}?` : ''}
        description="The reporters are told of your decision; the member is told why if you write a reason."
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button
              variant={pending?.action === 'delete' || pending?.action === 'suspend' ? 'danger' : 'primary'}
              loading={decide.isPending}
              onClick={() => pending && run(pending.item, pending.action)}
            >
              {pending ? ACTION_LABEL[pending.action] : ''}
            </Button>
          </>
        }
      >
        <TextField
          label="Reason (optional)"
          name="note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={500}
        />
      </Dialog>
    </section>
  );
}
