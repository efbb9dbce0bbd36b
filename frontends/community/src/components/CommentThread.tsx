import { useState } from 'react';
import type { Comment, CommentThread as Thread, FeedMember } from '@mer/contracts';
import { COMMENT_MAX_LENGTH } from '@mer/contracts';
import { describeError, useSessionStore } from '@mer/api-client';
import { Avatar, Button, toast, SafeHtml } from '@mer/design-system';
import { useAddComment, useDeleteComment, useEditComment } from '../api/feed.ts';
import { postHtmlToText, textToPostHtml } from '../domain/post-text.ts';
import { MentionTextarea } from './MentionTextarea.tsx';
import { PostMenu } from './PostMenu.tsx';
import { ReportDialog } from './ReportDialog.tsx';
import { TimeAgo } from './TimeAgo.tsx';

/** Everyone who appears in a thread: who can be @mentioned from it without a member search. */
export function threadMembers(author: FeedMember, threads: readonly Thread[]): FeedMember[] {
  const members = [author];
  for (const { comment, replies } of threads)
    for (const c of [comment, ...replies]) members.push(c.author, ...c.mentions);
  return members;
}

/** A comment form: the text (with @mentions) and a send button; clears itself once the comment is saved. */
export function CommentForm({
  postId,
  parentId,
  members,
  label,
  onDone,
  autoFocus,
}: {
  postId: string;
  parentId?: string;
  members: readonly FeedMember[];
  label: string;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const add = useAddComment(postId);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        add.mutate(
          { content: textToPostHtml(text), ...(parentId ? { parentId } : {}) },
          {
            onSuccess: () => {
              setText('');
              onDone?.();
            },
            onError: (error) => toast({ tone: 'error', ...describeError(error) }),
          },
        );
      }}
    >
      <MentionTextarea
        label={label}
        placeholder={parentId ? 'Write a reply…' : 'Write a comment… (type @ to mention someone)'}
        value={text}
        onChange={setText}
        members={members}
        maxLength={COMMENT_MAX_LENGTH}
        autoFocus={autoFocus}
        rows={2}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" loading={add.isPending} disabled={!text.trim()}>
          {parentId ? 'Reply' : 'Comment'}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({
  comment,
  postId,
  members,
  onReply,
}: {
  comment: Comment;
  postId: string;
  members: readonly FeedMember[];
  onReply?: () => void;
}) {
  const viewerId = useSessionStore((s) => s.user?.id);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [reporting, setReporting] = useState(false);
  const edit = useEditComment(postId);
  const remove = useDeleteComment(postId);
  const own = comment.author.userId === viewerId;
  return (
    <article className="flex gap-3" aria-label={`Comment by ${comment.author.name}`}>
      <Avatar name={comment.author.name} src={comment.author.imageUrl} size="sm" decorative />
      <div className="min-w-0 flex-1">
        <div className="rounded-2xl bg-sand-50 px-4 py-2.5">
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm">
              <span className="font-semibold text-ink-900">{comment.author.name}</span>{' '}
              <span className="text-ink-500">
                <TimeAgo at={comment.createdAt} />
                {comment.edited ? ' · edited' : ''}
              </span>
            </p>
            <PostMenu
              label={`Comment options for ${comment.author.name}`}
              actions={
                own
                  ? [
                      {
                        label: 'Edit',
                        onSelect: () => (setDraft(postHtmlToText(comment.content)), setEditing(true)),
                      },
                      {
                        label: 'Delete',
                        danger: true,
                        onSelect: () =>
                          remove.mutate(comment.id, {
                            onError: (e) => toast({ tone: 'error', ...describeError(e) }),
                          }),
                      },
                    ]
                  : [{ label: 'Report', onSelect: () => setReporting(true) }]
              }
            />
          </div>
          {editing ? (
            <form
              className="mt-2 flex flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                edit.mutate(
                  { commentId: comment.id, content: textToPostHtml(draft) },
                  {
                    onSuccess: () => setEditing(false),
                    onError: (e) => toast({ tone: 'error', ...describeError(e) }),
                  },
                );
              }}
            >
              <MentionTextarea
                label="Edit your comment"
                value={draft}
                onChange={setDraft}
                members={members}
                rows={2}
              />
              <div className="flex justify-end gap-2">
                <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
                <Button type="submit" size="sm" loading={edit.isPending}>
                  Save
                </Button>
              </div>
            </form>
          ) : (
            <SafeHtml
              html={comment.content}
              className="post-text mt-0.5 text-[0.95rem] leading-relaxed text-ink-800"
            />
          )}
        </div>
        {onReply ? (
          <button
            type="button"
            onClick={onReply}
            className="mt-1 ml-3 text-sm font-medium text-sage-700 hover:underline"
          >
            Reply
          </button>
        ) : null}
      </div>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        target={{ type: 'comment', id: comment.id }}
      />
    </article>
  );
}

/** A post's comments, each with its replies (one level), and the form for a new comment. */
export function CommentThreads({
  postId,
  threads,
  members,
}: {
  postId: string;
  threads: readonly Thread[];
  members: readonly FeedMember[];
}) {
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  return (
    <section aria-label="Comments" className="flex flex-col gap-4">
      {threads.map(({ comment, replies }) => (
        <div key={comment.id} className="flex flex-col gap-3">
          <CommentItem
            comment={comment}
            postId={postId}
            members={members}
            onReply={() => setReplyingTo(comment.id)}
          />
          {replies.length > 0 || replyingTo === comment.id ? (
            <div className="ml-12 flex flex-col gap-3 border-l-2 border-sand-200 pl-3">
              {replies.map((reply) => (
                <CommentItem key={reply.id} comment={reply} postId={postId} members={members} />
              ))}
              {replyingTo === comment.id ? (
                <CommentForm
                  postId={postId}
                  parentId={comment.id}
                  members={members}
                  label={`Reply to ${comment.author.name}`}
                  onDone={() => setReplyingTo(null)}
                  autoFocus
                />
              ) : null}
            </div>
          ) : null}
        </div>
      ))}
      <CommentForm postId={postId} members={members} label="Write a comment" />
    </section>
  );
}
