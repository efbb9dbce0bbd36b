import { useState, type FormEvent } from 'react';
import type { CircleDiscussion } from '@mer/contracts';
import { Link, useNavigate } from '@mer/router';
import { toApiError } from '@mer/api-client';
import { Alert, Avatar, Badge, Button, Card, TextField, SafeHtml } from '@mer/design-system';
import {
  useCircleDiscussion,
  useCircleDiscussions,
  useForumTopic,
  useForumTopics,
  useReplyToCircleDiscussion,
  useStartCircleDiscussion,
} from '../../api/circles.ts';
import { circlePath } from '../../domain/circle-path.ts';
import { useCircleDiscussionRealtime } from '../../hooks/useCircleDiscussionRealtime.ts';
import { TextAreaField } from '../Field.tsx';
import { ReportButton } from '../ReportButton.tsx';
import { EmptyState, LoadError } from '../PageStates.tsx';

function DiscussionLinks({ circleId, discussions }: { circleId: string; discussions: CircleDiscussion[] }) {
  if (discussions.length === 0) return <EmptyState>No discussions yet. Start the first one.</EmptyState>;
  return (
    <ul aria-label="Discussions" className="space-y-2">
      {discussions.map((d) => (
        <li key={d.id}>
          <Card padding="sm">
            <Link
              to={circlePath(circleId, 'discussions', d.id)}
              className="font-semibold text-ink-900 hover:underline"
            >
              {d.title}
            </Link>
            <p className="text-sm text-ink-600">
              {d.author.name} · {d.replyCount === 1 ? '1 reply' : `${d.replyCount} replies`}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function StartDiscussion({ circleId, topicId }: { circleId: string; topicId?: string }) {
  const start = useStartCircleDiscussion(circleId);
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || !body.trim()) return;
    start.mutate(
      { title: title.trim(), body: body.trim(), ...(topicId ? { topicId } : {}) },
      { onSuccess: (d) => navigate(circlePath(circleId, 'discussions', d.id)) },
    );
  }
  return (
    <form onSubmit={submit} className="space-y-2" aria-label="Start a discussion">
      <TextField
        label="Discussion title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        maxLength={150}
      />
      <TextAreaField label="What would you like to discuss?" value={body} onChange={setBody} rows={3} />
      <Button type="submit" size="sm" loading={start.isPending} disabled={!title.trim() || !body.trim()}>
        Start discussion
      </Button>
      {start.isError ? (
        <Alert tone="error" title="The discussion was not started">
          {toApiError(start.error).message}
        </Alert>
      ) : null}
    </form>
  );
}

function OpenDiscussion({
  circleId,
  discussionId,
  canReply,
}: {
  circleId: string;
  discussionId: string;
  canReply: boolean;
}) {
  const discussion = useCircleDiscussion(circleId, discussionId);
  const reply = useReplyToCircleDiscussion(circleId, discussionId);
  // Hidden or deleted by moderation while open: the view a reload would show.
  const { removed } = useCircleDiscussionRealtime(circleId, discussionId);
  const [text, setText] = useState('');
  if (removed || discussion.isError)
    return (
      <Alert tone="error" title="We couldn't find this discussion">
        It may have been removed.
      </Alert>
    );
  if (discussion.isPending) return <p className="text-sm text-ink-600">Loading the discussion…</p>;
  const { discussion: d, replies } = discussion.data;
  return (
    <Card padding="md" className="space-y-4 ring-2 ring-sage-300">
      <div className="flex flex-wrap items-start gap-2">
        <h3 className="font-display text-2xl text-ink-900">{d.title}</h3>
        {d.hidden ? <Badge tone="clay">Hidden by a moderator</Badge> : null}
        <span className="ml-auto">
          <ReportButton targetType="circle_discussion" targetId={d.id} ownerId={d.author.userId} />
        </span>
      </div>
      <p className="text-sm text-ink-600">Started by {d.author.name}</p>
      <SafeHtml html={d.body} className="space-y-2 text-ink-800" />
      <ul aria-label="Replies" className="space-y-3">
        {replies.map((r) => (
          <li key={r.id} className="flex gap-3">
            <Avatar name={r.author.name} src={r.author.imageUrl} size="sm" decorative />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-sm font-semibold text-ink-900">{r.author.name}</p>
                {r.hidden ? <Badge tone="clay">Hidden by a moderator</Badge> : null}
                <span className="ml-auto">
                  <ReportButton
                    targetType="circle_discussion_reply"
                    targetId={r.id}
                    ownerId={r.author.userId}
                    label={`Report the reply by ${r.author.name}`}
                  />
                </span>
              </div>
              <SafeHtml html={r.body} className="text-ink-800" />
            </div>
          </li>
        ))}
      </ul>
      {canReply ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) reply.mutate(text.trim(), { onSuccess: () => setText('') });
          }}
          className="space-y-2"
        >
          <TextAreaField label="Your reply" value={text} onChange={setText} rows={2} />
          <Button type="submit" size="sm" loading={reply.isPending} disabled={!text.trim()}>
            Reply
          </Button>
        </form>
      ) : null}
    </Card>
  );
}

/** The discussions tab; /circles/{id}/discussions/{discussionId} opens one with its replies. */
export function CircleDiscussions({
  circleId,
  discussionId,
  isMember,
}: {
  circleId: string;
  discussionId: string | null;
  isMember: boolean;
}) {
  const discussions = useCircleDiscussions(circleId);
  return (
    <div className="space-y-4">
      {discussionId ? (
        <OpenDiscussion circleId={circleId} discussionId={discussionId} canReply={isMember} />
      ) : null}
      {discussions.isPending ? (
        <p className="text-sm text-ink-600">Loading discussions…</p>
      ) : discussions.isError ? (
        <LoadError
          title="We couldn't load the discussions"
          onRetry={() => void discussions.refetch()}
          error={discussions.error}
        />
      ) : (
        <DiscussionLinks circleId={circleId} discussions={discussions.data} />
      )}
      {isMember ? <StartDiscussion circleId={circleId} /> : null}
    </div>
  );
}

/** The forum tab: its topics; /circles/{id}/forum/{topicId} opens a topic with its discussions. */
export function CircleForum({
  circleId,
  topicId,
  isMember,
}: {
  circleId: string;
  topicId: string | null;
  isMember: boolean;
}) {
  const topics = useForumTopics(circleId);
  const topic = useForumTopic(circleId, topicId);
  if (topicId) {
    if (topic.isPending) return <p className="text-sm text-ink-600">Loading the topic…</p>;
    if (topic.isError)
      return (
        <Alert tone="error" title="We couldn't find this topic">
          It may have been removed.
        </Alert>
      );
    return (
      <div className="space-y-4">
        <Link
          to={circlePath(circleId, 'forum')}
          className="text-sm font-semibold text-sage-700 hover:underline"
        >
          ← All topics
        </Link>
        <h3 className="font-display text-2xl text-ink-900">{topic.data.topic.title}</h3>
        {topic.data.topic.description ? (
          <SafeHtml html={topic.data.topic.description} className="text-ink-700" />
        ) : null}
        <DiscussionLinks circleId={circleId} discussions={topic.data.discussions} />
        {isMember ? <StartDiscussion circleId={circleId} topicId={topicId} /> : null}
      </div>
    );
  }
  if (topics.isPending) return <p className="text-sm text-ink-600">Loading the forum…</p>;
  if (topics.isError)
    return (
      <LoadError
        title="We couldn't load the forum"
        onRetry={() => void topics.refetch()}
        error={topics.error}
      />
    );
  if (topics.data.length === 0) return <EmptyState>The forum has no topics yet.</EmptyState>;
  return (
    <ul aria-label="Forum topics" className="space-y-2">
      {topics.data.map((t) => (
        <li key={t.id}>
          <Card padding="sm">
            <Link
              to={circlePath(circleId, 'forum', t.id)}
              className="font-semibold text-ink-900 hover:underline"
            >
              {t.title}
            </Link>
            <p className="text-sm text-ink-600">
              {t.discussionCount === 1 ? '1 discussion' : `${t.discussionCount} discussions`}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
