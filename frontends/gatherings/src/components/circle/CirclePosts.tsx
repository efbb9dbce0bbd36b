import { useState, type FormEvent } from 'react';
import type { CirclePost } from '@mer/contracts';
import { toApiError } from '@mer/api-client';
import { Alert, Avatar, Badge, Button, Card, SafeHtml } from '@mer/design-system';
import { useCirclePost, useCirclePosts, useCreateCirclePost } from '../../api/circles.ts';
import { TextAreaField } from '../Field.tsx';
import { EmptyState, LoadError } from '../PageStates.tsx';
import { ReportButton } from '../ReportButton.tsx';

function PostItem({ post, highlighted }: { post: CirclePost; highlighted?: boolean }) {
  return (
    <Card
      padding="md"
      className={highlighted ? 'ring-2 ring-sage-400' : undefined}
      role="article"
      aria-label={`Post by ${post.author.name}`}
    >
      <div className="flex items-center gap-3">
        <Avatar name={post.author.name} src={post.author.imageUrl} size="sm" decorative />
        <div className="flex-1">
          <p className="font-semibold text-ink-900">{post.author.name}</p>
          <p className="text-xs text-ink-600">{new Date(post.createdAt).toLocaleString()}</p>
        </div>
        {post.hidden ? <Badge tone="clay">Hidden by a moderator</Badge> : null}
        <ReportButton targetType="circle_post" targetId={post.id} ownerId={post.author.userId} />
      </div>
      <SafeHtml html={post.content} className="mt-3 space-y-2 text-ink-800" />
    </Card>
  );
}

/** The circle's posts, newest first; /circles/{id}/posts/{postId} shows that post on top. Members post here. */
export function CirclePosts({
  circleId,
  postId,
  canPost,
}: {
  circleId: string;
  postId: string | null;
  canPost: boolean;
}) {
  const posts = useCirclePosts(circleId);
  const opened = useCirclePost(circleId, postId);
  const create = useCreateCirclePost(circleId);
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    create.mutate(text.trim(), { onSuccess: () => setText('') });
  }

  return (
    <div className="space-y-4">
      {postId ? (
        opened.isPending ? (
          <p className="text-sm text-ink-600">Loading the post…</p>
        ) : opened.isError ? (
          <Alert tone="error" title="We couldn't find this post">
            It may have been removed.
          </Alert>
        ) : (
          <PostItem post={opened.data} highlighted />
        )
      ) : null}
      {canPost ? (
        <form onSubmit={submit} className="space-y-2">
          <TextAreaField label="Share with the circle" value={text} onChange={setText} rows={3} />
          <Button type="submit" size="sm" loading={create.isPending} disabled={!text.trim()}>
            Post
          </Button>
          {create.isError ? (
            <Alert tone="error" title="Your post was not shared">
              {toApiError(create.error).message}
            </Alert>
          ) : null}
        </form>
      ) : null}
      {posts.isPending ? (
        <p className="text-sm text-ink-600">Loading posts…</p>
      ) : posts.isError ? (
        <LoadError
          title="We couldn't load the posts"
          onRetry={() => void posts.refetch()}
          error={posts.error}
        />
      ) : posts.data.length === 0 ? (
        <EmptyState>No posts in this circle yet.</EmptyState>
      ) : (
        <ul aria-label="Circle posts" className="space-y-3">
          {posts.data
            .filter((p) => p.id !== postId)
            .map((p) => (
              <li key={p.id}>
                <PostItem post={p} />
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
