import { useId, useState, type FormEvent } from 'react';
import { toApiError } from '@mer/api-client';
import { Button, cx } from '@mer/design-system';
import type { TimelineMessage } from '../domain/timeline.ts';
import { clockTime } from '../domain/days.ts';
import { MESSAGE_MAX_LENGTH, MessagingTexts } from '../domain/texts.ts';
import { MessageText } from './MessageText.tsx';

function excerpt(text: string | null): string {
  if (!text) return '';
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * One message: the member's own on the right (with Edit and Delete), the other member's on the left; a deleted
 * one keeps its place as a mark, an edited one says so, the temporary one says it is being sent, and the last
 * one the other member read carries 'Seen'.
 */
export function MessageBubble({
  message,
  own,
  seen,
  onEdit,
  onDelete,
}: {
  message: TimelineMessage;
  own: boolean;
  seen: boolean;
  onEdit: (messageId: string, body: string) => Promise<unknown>;
  onDelete: (message: TimelineMessage) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const editId = useId();
  const deleted = message.deletedAt !== null;
  const canChange = own && !deleted && !message.sending;

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
          {deleted ? MessagingTexts.deleted : <MessageText text={message.body ?? ''} />}
        </div>
      )}
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
            <button
              type="button"
              className="rounded px-1 font-medium text-ink-500 underline-offset-2 hover:text-ink-800 hover:underline"
              aria-label={`Edit your message: ${excerpt(message.body)}`}
              onClick={() => {
                setDraft(message.body ?? '');
                setProblem(null);
                setEditing(true);
              }}
            >
              Edit
            </button>
            <button
              type="button"
              className="rounded px-1 font-medium text-clay-700 underline-offset-2 hover:underline"
              aria-label={`Delete your message: ${excerpt(message.body)}`}
              onClick={() => onDelete(message)}
            >
              Delete
            </button>
          </>
        ) : null}
      </p>
    </li>
  );
}
