import { useState } from 'react';
import type { FeedMember, Post } from '@mer/contracts';
import { POST_MAX_LENGTH } from '@mer/contracts';
import { describeError, isAdminUser, useSessionStore } from '@mer/api-client';
import { Link } from '@mer/router';
import { Avatar, Badge, Button, Card, ChatIcon, Dialog, LockIcon, toast, SafeHtml } from '@mer/design-system';
import { removeCachedPost, useDeletePost, usePinPost, usePostDetail, useUpdatePost } from '../api/feed.ts';
import { postHtmlToText, textToPostHtml, wrapSelection } from '../domain/post-text.ts';
import { TOPIC_LABELS } from '../domain/topics.ts';
import { CommentThreads, threadMembers } from './CommentThread.tsx';
import { Lightbox } from './Lightbox.tsx';
import { PostMenu, type MenuAction } from './PostMenu.tsx';
import { PostPhotos } from './PostPhotos.tsx';
import { ReactionBar } from './ReactionBar.tsx';
import { ReportDialog } from './ReportDialog.tsx';
import { TimeAgo } from './TimeAgo.tsx';

/** Text with the Bold and Italic buttons (they wrap the selection in <b> or <i>). */
export function FormattedTextArea({
  value,
  onChange,
  label,
  placeholder,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  const [area, setArea] = useState<HTMLTextAreaElement | null>(null);
  function format(tag: 'b' | 'i') {
    if (!area) return;
    const next = wrapSelection(value, area.selectionStart, area.selectionEnd, tag);
    onChange(next.text);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(next.start, next.end);
    });
  }
  return (
    <div className="rounded-2xl ring-1 ring-sand-300 focus-within:ring-2 focus-within:ring-ink-300">
      <div role="toolbar" aria-label="Formatting" className="flex gap-1 border-b border-sand-200 px-2 py-1">
        <button
          type="button"
          onClick={() => format('b')}
          className="min-h-9 rounded-lg px-3 font-bold hover:bg-sand-100"
          aria-label="Bold"
        >
          B
        </button>
        <button
          type="button"
          onClick={() => format('i')}
          className="min-h-9 rounded-lg px-3 italic hover:bg-sand-100"
          aria-label="Italic"
        >
          I
        </button>
      </div>
      <textarea
        ref={setArea}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        maxLength={POST_MAX_LENGTH}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        rows={4}
        className="block w-full resize-y rounded-b-2xl bg-white px-4 py-3 text-[1rem] leading-relaxed text-ink-900 outline-none placeholder:text-ink-400"
      />
    </div>
  );
}

function PostEditor({ post, onDone }: { post: Post; onDone: () => void }) {
  const [text, setText] = useState(() => postHtmlToText(post.content));
  const update = useUpdatePost();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { postId: post.id, body: { content: textToPostHtml(text) } },
          { onSuccess: onDone, onError: (e) => toast({ tone: 'error', ...describeError(e) }) },
        );
      }}
    >
      <FormattedTextArea label="Edit your post" value={text} onChange={setText} autoFocus />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          size="sm"
          loading={update.isPending}
          disabled={!text.trim() && post.photos.length === 0}
        >
          Save changes
        </Button>
      </div>
    </form>
  );
}

function PostComments({ post, knownMembers }: { post: Post; knownMembers: readonly FeedMember[] }) {
  const detail = usePostDetail(post.id);
  if (detail.isPending) return <p className="text-sm text-ink-500">Loading comments…</p>;
  if (detail.isError) return <p className="text-sm text-clay-700">The comments could not be loaded.</p>;
  return (
    <CommentThreads
      postId={post.id}
      threads={detail.data.comments}
      members={[...threadMembers(post.author, detail.data.comments), ...knownMembers]}
    />
  );
}

/** The post menu's actions: edit and delete for the author, report for everyone else, Pin / Unpin for admins. */
export function postMenuActions(
  post: Pick<Post, 'pinned'>,
  who: { own: boolean; admin: boolean },
  on: { edit: () => void; delete: () => void; report: () => void; pin: (pinned: boolean) => void },
): MenuAction[] {
  const actions: MenuAction[] = who.own
    ? [
        { label: 'Edit', onSelect: on.edit },
        { label: 'Delete', danger: true, onSelect: on.delete },
      ]
    : [{ label: 'Report', onSelect: on.report }];
  if (who.admin)
    actions.unshift(
      post.pinned
        ? { label: 'Unpin', onSelect: () => on.pin(false) }
        : { label: 'Pin', onSelect: () => on.pin(true) },
    );
  return actions;
}

/**
 * One post: author, topic, when, the text with its allowed formatting, photos (lightbox), reactions, comments
 * (shown on request in the feed, always on the post page), and the post menu (see postMenuActions). The server
 * decides who may pin; admin-ness from identity's /me only decides whether the menu offers it.
 */
export function PostCard({
  post,
  knownMembers = [],
  showComments = false,
  onDeleted,
}: {
  post: Post;
  knownMembers?: readonly FeedMember[];
  showComments?: boolean;
  onDeleted?: () => void;
}) {
  const viewerId = useSessionStore((s) => s.user?.id);
  const own = post.author.userId === viewerId;
  const admin = useSessionStore((s) => isAdminUser(s.user));
  const [editing, setEditing] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(showComments);
  const [photoIndex, setPhotoIndex] = useState<number | null>(null);
  const [reporting, setReporting] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const remove = useDeletePost();
  const pin = usePinPost();

  return (
    <Card tone="white" padding="md" className="flex flex-col gap-3" data-testid="post" data-post-id={post.id}>
      <header className="flex items-start gap-3">
        <Link to={`/profile/${post.author.userId}`} className="shrink-0" aria-label={post.author.name}>
          <Avatar name={post.author.name} src={post.author.imageUrl} size="md" decorative />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink-900">
            <Link to={`/profile/${post.author.userId}`} className="hover:underline">
              {post.author.name}
            </Link>
          </p>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink-500">
            <Link to={`/community/post/${post.id}`} className="hover:underline">
              <TimeAgo at={post.createdAt} />
            </Link>
            {post.edited ? <span>· edited</span> : null}
            {post.visibility === 'connections' ? (
              <span className="inline-flex items-center gap-1">
                · <LockIcon className="size-3.5" aria-hidden="true" /> Connections
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex items-center gap-1">
          {post.pinned ? <Badge tone="gold">Pinned</Badge> : null}
          <Badge tone="sage">{TOPIC_LABELS[post.topic]}</Badge>
          <PostMenu
            label={`Post options for ${post.author.name}'s post`}
            actions={postMenuActions(
              post,
              { own, admin },
              {
                edit: () => setEditing(true),
                delete: () => setConfirmingDelete(true),
                report: () => setReporting(true),
                // mutateAsync, not mutate's callbacks: the feeds reload after a pin, which can unmount this card
                // before the answer's callbacks would run.
                pin: (pinned) =>
                  void pin.mutateAsync({ postId: post.id, pinned }).then(
                    () => toast({ tone: 'success', title: pinned ? 'Post pinned' : 'Post unpinned' }),
                    (e: unknown) => toast({ tone: 'error', ...describeError(e) }),
                  ),
              },
            )}
          />
        </div>
      </header>

      {editing ? (
        <PostEditor post={post} onDone={() => setEditing(false)} />
      ) : post.content ? (
        <SafeHtml
          html={post.content}
          className="post-text flex flex-col gap-2 leading-relaxed text-ink-800"
        />
      ) : null}

      <PostPhotos photos={post.photos} onOpen={setPhotoIndex} />
      <Lightbox
        photos={post.photos}
        index={photoIndex}
        onIndexChange={setPhotoIndex}
        onClose={() => setPhotoIndex(null)}
      />

      <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-sand-100 pt-3">
        <ReactionBar post={post} />
        <button
          type="button"
          aria-expanded={commentsOpen}
          onClick={() => setCommentsOpen((open) => !open)}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm text-ink-700 hover:bg-sand-100"
        >
          <ChatIcon className="size-4" aria-hidden="true" />
          {post.commentCount === 1 ? '1 comment' : `${post.commentCount} comments`}
        </button>
      </footer>

      {commentsOpen ? <PostComments post={post} knownMembers={knownMembers} /> : null}

      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        target={{ type: 'post', id: post.id }}
        onHidden={() => removeCachedPost(post.id)}
      />
      <Dialog
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title="Delete this post?"
        description="Its comments and reactions go with it. This cannot be undone."
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmingDelete(false)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(post.id, {
                  onSuccess: () => {
                    setConfirmingDelete(false);
                    toast({ tone: 'success', title: 'Post deleted' });
                    onDeleted?.();
                  },
                  onError: (e) => toast({ tone: 'error', ...describeError(e) }),
                })
              }
            >
              Delete post
            </Button>
          </>
        }
      />
    </Card>
  );
}

/** A calm placeholder with the shape of a post while the feed loads. */
export function PostSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse rounded-[var(--radius-card)] bg-white p-5 shadow-soft">
      <div className="flex items-center gap-3">
        <div className="size-11 rounded-full bg-sand-200" />
        <div className="flex-1 space-y-2">
          <div className="h-3 w-1/3 rounded bg-sand-200" />
          <div className="h-3 w-1/5 rounded bg-sand-100" />
        </div>
      </div>
      <div className="mt-4 space-y-2">
        <div className="h-3 rounded bg-sand-100" />
        <div className="h-3 w-5/6 rounded bg-sand-100" />
        <div className="h-3 w-2/3 rounded bg-sand-100" />
      </div>
    </div>
  );
}
