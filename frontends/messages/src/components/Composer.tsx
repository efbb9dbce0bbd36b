import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, cx } from '@mer/design-system';
import { MESSAGE_MAX_LENGTH } from '../domain/texts.ts';

/** A typing hint goes at most this often while the member types (the other side shows it for 4 s). */
export const TYPING_HINT_EVERY_MS = 2_500;

/**
 * Where a message is written: Enter sends, Shift+Enter starts a new line. While the member types, a typing hint
 * goes to the other member now and then.
 */
export function Composer({
  onSend,
  onTyping,
  disabled,
}: {
  onSend: (body: string) => void;
  onTyping: () => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const lastHint = useRef(0);
  const inputId = useId();

  function send(event?: FormEvent) {
    event?.preventDefault();
    const body = text.trim();
    if (!body || disabled) return;
    onSend(body);
    setText('');
    lastHint.current = 0;
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  return (
    <form
      onSubmit={send}
      className="flex items-end gap-2 border-t border-sand-200 bg-sand-50/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
    >
      <label htmlFor={inputId} className="sr-only">
        Write a message
      </label>
      <textarea
        id={inputId}
        value={text}
        rows={1}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder="Write a message…"
        onKeyDown={onKeyDown}
        onChange={(e) => {
          setText(e.target.value);
          const now = Date.now();
          if (e.target.value.trim() && now - lastHint.current > TYPING_HINT_EVERY_MS) {
            lastHint.current = now;
            onTyping();
          }
        }}
        className={cx(
          'max-h-40 min-h-12 flex-1 resize-none rounded-3xl border border-sand-300 bg-white px-4 py-3 text-[1rem] text-ink-900 placeholder:text-ink-400',
          'focus:border-ink-500 focus:ring-4 focus:ring-ink-100 focus:outline-none',
        )}
      />
      <Button type="submit" disabled={!text.trim() || disabled} className="h-12">
        Send
      </Button>
    </form>
  );
}
