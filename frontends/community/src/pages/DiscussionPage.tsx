import '../styles.css';
import { useState } from 'react';
import { COMMENT_MAX_LENGTH } from '@mer/contracts';
import { describeError, useSessionStore } from '@mer/api-client';
import { useParams } from '@mer/router';
import {
  Avatar,
  Badge,
  Button,
  Card,
  PagePlaceholder,
  cx,
  fieldInputClassName,
  toast,
  SafeHtml,
} from '@mer/design-system';
import { useDiscussion, useReplyToDiscussion } from '../api/discussions.ts';
import { CalmState, NotFoundState } from '../components/PageStates.tsx';
import { ReportDialog } from '../components/ReportDialog.tsx';
import { TimeAgo } from '../components/TimeAgo.tsx';
import { textToPostHtml } from '../domain/post-text.ts';
import { TOPIC_LABELS } from '../domain/topics.ts';
import { useDiscussionRealtime } from '../hooks/useDiscussionRealtime.ts';

/** 'Report' on another member's discussion or reply; nobody reports their own. */
function ReportAction({
  ownerId,
  target,
  label,
  onHidden,
}: {
  ownerId: string;
  target: { type: 'discussion' | 'discussion_reply'; id: string };
  label: string;
  onHidden?: () => void;
}) {
  const viewerId = useSessionStore((s) => s.user?.id);
  const [open, setOpen] = useState(false);
  if (!viewerId || viewerId === ownerId) return null;
  return (
    <>
      <Button size="sm" variant="ghost" aria-label={label} onClick={() => setOpen(true)}>
        Report
      </Button>
      {open ? (
        <ReportDialog
          open
          onClose={() => setOpen(false)}
          target={target}
          {...(onHidden ? { onHidden } : {})}
        />
      ) : null}
    </>
  );
}

/** Shown to the author (and moderators) of a discussion or reply that is hidden for review. */
const HiddenMark = () => <Badge tone="clay">Hidden for review</Badge>;

/** A discussion (/discussions/:id): the titled opening text, the replies oldest first, and a reply form. */
export default function DiscussionPage() {
  const { id = '' } = useParams();
  const discussion = useDiscussion(id);
  const reply = useReplyToDiscussion(id);
  const { removed } = useDiscussionRealtime(id);
  const [text, setText] = useState('');
  // Hidden or deleted by moderation while open: the page a reload would show.
  if (removed) return <NotFoundState what="discussion" />;
  if (discussion.isPending) return <PagePlaceholder />;
  if (discussion.isError) {
    const status = (discussion.error as { status?: number }).status;
    if (status === 404 || status === 400) return <NotFoundState what="discussion" />;
    return (
      <CalmState
        title="Something went wrong"
        action={<Button onClick={() => void discussion.refetch()}>Try Again</Button>}
      >
        We're having trouble loading this discussion. This might be due to a temporary connection issue.
      </CalmState>
    );
  }
  const { discussion: d, replies } = discussion.data;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-3 py-5 sm:px-4 sm:py-8">
      <Card tone="white" padding="md" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="sage">{TOPIC_LABELS[d.topic]}</Badge>
          {d.hidden ? <HiddenMark /> : null}
          <span className="ml-auto">
            <ReportAction
              ownerId={d.author.userId}
              target={{ type: 'discussion', id: d.id }}
              label="Report this discussion"
              onHidden={() => void discussion.refetch()}
            />
          </span>
        </div>
        <h1 className="font-display text-2xl text-ink-900 sm:text-3xl">{d.title}</h1>
        <p className="flex items-center gap-2 text-sm text-ink-500">
          <Avatar name={d.author.name} src={d.author.imageUrl} size="xs" decorative />
          <span className="font-medium text-ink-800">{d.author.name}</span> · <TimeAgo at={d.createdAt} />
          {d.edited ? ' · edited' : ''}
        </p>
        <SafeHtml html={d.body} className="post-text flex flex-col gap-2 leading-relaxed text-ink-800" />
      </Card>

      <section aria-label="Replies" className="flex flex-col gap-3">
        <h2 className="font-display text-xl text-ink-900">
          {replies.length === 1 ? '1 reply' : `${replies.length} replies`}
        </h2>
        {replies.map((r) => (
          <article key={r.id} aria-label={`Reply by ${r.author.name}`} className="flex gap-3">
            <Avatar name={r.author.name} src={r.author.imageUrl} size="sm" decorative />
            <div className="min-w-0 flex-1 rounded-2xl bg-white px-4 py-3 shadow-soft">
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-sm">
                  <span className="font-semibold text-ink-900">{r.author.name}</span>{' '}
                  <span className="text-ink-500">
                    <TimeAgo at={r.createdAt} />
                  </span>
                </p>
                {r.hidden ? <HiddenMark /> : null}
                <span className="ml-auto">
                  <ReportAction
                    ownerId={r.author.userId}
                    target={{ type: 'discussion_reply', id: r.id }}
                    label={`Report the reply by ${r.author.name}`}
                    onHidden={() => void discussion.refetch()}
                  />
                </span>
              </div>
              <SafeHtml html={r.body} className="post-text mt-1 leading-relaxed text-ink-800" />
            </div>
          </article>
        ))}
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!text.trim()) return;
            reply.mutate(textToPostHtml(text), {
              onSuccess: () => setText(''),
              onError: (e) => toast({ tone: 'error', ...describeError(e) }),
            });
          }}
        >
          <label className="text-sm font-medium text-ink-800">
            Your reply
            <textarea
              value={text}
              maxLength={COMMENT_MAX_LENGTH}
              onChange={(e) => setText(e.target.value)}
              rows={3}
              className={cx(fieldInputClassName, 'mt-1 h-auto min-h-24 border-sand-300 py-3 leading-relaxed')}
            />
          </label>
          <Button type="submit" className="self-end" loading={reply.isPending} disabled={!text.trim()}>
            Reply
          </Button>
        </form>
      </section>
    </div>
  );
}
