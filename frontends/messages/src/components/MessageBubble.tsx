import { useId, useState, type FormEvent } from 'react';
import { toApiError } from '@mer/api-client';
import { Button, Dialog, cx } from '@mer/design-system';
import type { TimelineMessage } from '../domain/timeline.ts';
import { clockTime } from '../domain/days.ts';
import { MESSAGE_MAX_LENGTH, MessagingTexts } from '../domain/texts.ts';
import { MessageText } from './MessageText.tsx';
import { MessageReactions } from './MessageReactions.tsx';

function excerpt(text: string | null, hasPhoto: boolean): string {
  if (!text) return hasPhoto ? MessagingTexts.photoOnly : '';
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * One message: the member's own on the right (with Edit and Delete), the other member's on the left (with Report); its photo
 * (a click opens it larger), its text, and the reactions under it. A deleted one keeps its place as a mark, an
 * edited one says so, the temporary one says it is being sent, and the last one the other member read carries
 * 'Seen'.
 */
export function MessageBubble({
  message,
  own,
  seen,
  senderName,
  onEdit,
  onDelete,
  onReport,
  onReact,
}: {
  message: TimelineMessage;
  own: boolean;
  seen: boolean;
  /** Who sent it, for the photo's text alternative. */
  senderName: string;
  onEdit: (messageId: string, body: string) => Promise<unknown>;
  onDelete: (message: TimelineMessage) => void;
  /** Reporting the other member's message to the moderators. */
  onReport: (message: TimelineMessage) => void;
  onReact: (messageId: string, reaction: string | null) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [photoOpen, setPhotoOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const editId = useId();
  const deleted = message.deletedAt !== null;
  const canChange = own && !deleted && !message.sending;
  // A photo alone has no text to edit (the text cannot be emptied either); it can be deleted.
  const canEdit = canChange && Boolean(message.body);
  const photoUrl = deleted ? null : message.photoUrl;
  const photoAlt = own ? 'Photo you sent' : `Photo from ${senderName}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return;
    setSaving(true);
    setProblem(null);
    try {
      await onEdit(message.id, body);
      setEditing(false);
    } catch (error) {
      setProblem(toApiError(error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <li className={cx('flex flex-col', own ? 'items-end' : 'items-start')} data-testid="message">
      {editing ? (
        <form onSubmit={save} className="w-full max-w-[85%] space-y-2 sm:max-w-[70%]">
          <label htmlFor={editId} className="sr-only">
            Edit your message
          </label>
          <textarea
            id={editId}
            value={draft}
            maxLength={MESSAGE_MAX_LENGTH}
            rows={2}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            className="block w-full rounded-2xl border border-sand-300 bg-white px-4 py-2.5 text-ink-900 focus:border-ink-500 focus:ring-4 focus:ring-ink-100 focus:outline-none"
          />
          {problem ? (
            <p role="alert" className="text-sm text-clay-700">
              {problem}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" loading={saving} disabled={!draft.trim()}>
              Save
            </Button>
          </div>
        </form>
      ) : (
        <div
          data-testid="message-body"
          className={cx(
            'max-w-[85%] rounded-3xl px-4 py-2.5 break-words whitespace-pre-wrap sm:max-w-[70%]',
            deleted
              ? 'bg-sand-100 text-ink-500 italic ring-1 ring-sand-200'
              : own
                ? 'rounded-br-lg bg-ink-800 text-white'
                : 'rounded-bl-lg bg-white text-ink-900 shadow-soft ring-1 ring-sand-200',
            message.sending && 'opacity-70',
          )}
        >
          {deleted ? (
            MessagingTexts.deleted
          ) : (
            <>
              {photoUrl ? (
                <button
                  type="button"
                  onClick={() => setPhotoOpen(true)}
                  aria-label={`${photoAlt}: open it larger`}
                  className={cx('-mx-2 block overflow-hidden rounded-2xl', message.body && 'mb-2')}
                >
                  <img
                    src={photoUrl}
                    alt={photoAlt}
                    loading="lazy"
                    className="max-h-72 w-auto max-w-full object-cover"
                  />
                </button>
              ) : null}
              {message.body ? <MessageText text={message.body} /> : null}
            </>
          )}
        </div>
      )}
      {photoUrl && photoOpen ? (
        <Dialog open onClose={() => setPhotoOpen(false)} title={photoAlt} className="w-[min(96vw,56rem)]">
          <img
            src={photoUrl}
            alt={photoAlt}
            className="mx-auto max-h-[75dvh] w-auto rounded-xl object-contain"
          />
          {message.body ? <p className="mt-3 text-ink-700">{message.body}</p> : null}
        </Dialog>
      ) : null}
      {!deleted && !message.sending && !editing ? (
        <MessageReactions
          reactions={message.reactions}
          myReaction={message.myReaction}
          own={own}
          onReact={(reaction) => onReact(message.id, reaction)}
        />
      ) : null}
      <p className="mt-1 flex items-center gap-2 px-2 text-xs text-ink-500">
        {message.sending ? (
          <span>Sending…</span>
        ) : (
          <time dateTime={message.createdAt}>{clockTime(message.createdAt)}</time>
        )}
        {message.editedAt && !deleted ? <span>({MessagingTexts.edited})</span> : null}
        {seen ? <span className="font-semibold text-sage-700">{MessagingTexts.seen}</span> : null}
        {canChange && !editing ? (
          <>
            {canEdit ? (
              <button
                type="button"
                className="rounded px-1 font-medium text-ink-500 underline-offset-2 hover:text-ink-800 hover:underline"
                aria-label={`Edit your message: ${excerpt(message.body, false)}`}
                onClick={() => {
                  setDraft(message.body ?? '');
                  setProblem(null);
                  setEditing(true);
                }}
              >
                Edit
              </button>
            ) : null}
            <button
              type="button"
              className="rounded px-1 font-medium text-clay-700 underline-offset-2 hover:underline"
              aria-label={`Delete your message: ${excerpt(message.body, Boolean(message.photoUrl))}`}
              onClick={() => onDelete(message)}
            >
              Delete
            </button>
          </>
        ) : null}
        {!own && !deleted && !message.sending ? (
          <button
            type="button"
            className="rounded px-1 font-medium text-ink-500 underline-offset-2 hover:text-ink-800 hover:underline"
            aria-label={`Report the message: ${excerpt(message.body, Boolean(message.photoUrl))}`}
            onClick={() => onReport(message)}
          >
            Report
          </button>
        ) : null}
      </p>
    </li>
  );
}
