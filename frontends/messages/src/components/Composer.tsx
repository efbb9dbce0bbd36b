import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, CloseIcon, cx } from '@mer/design-system';
import { MESSAGE_MAX_LENGTH, MESSAGE_PHOTO_UPLOAD_TYPES } from '../domain/texts.ts';
import { photoPickProblem } from '../domain/photo-pick.ts';

/** A typing hint goes at most this often while the member types (the other side shows it for 4 s). */
export const TYPING_HINT_EVERY_MS = 2_500;

/** The photo picked for the next message, with its local preview (an object URL). */
export interface PickedPhoto {
  file: File;
  previewUrl: string;
}

/** A picture frame (the design system has no photo icon; one drawn here keeps the shell's shared bundle as it is). */
function PhotoIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <rect x="3" y="4" width="18" height="16" rx="3" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="m21 16-5-5-9 9" />
    </svg>
  );
}

/**
 * Where a message is written: Enter sends, Shift+Enter starts a new line. One photo can go with it (picked,
 * previewed, removable before sending), or alone. While the member types, a typing hint goes to the other member
 * now and then.
 */
export function Composer({
  onSend,
  onTyping,
  disabled,
}: {
  /** The photo's preview URL is the receiver's to release from here on. */
  onSend: (body: string, photo: PickedPhoto | null) => void;
  onTyping: () => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<PickedPhoto | null>(null);
  const [pickProblem, setPickProblem] = useState<string | null>(null);
  const lastHint = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const photoRef = useRef(photo);
  photoRef.current = photo;

  // A photo picked but never sent: release its preview when the composer goes away.
  useEffect(
    () => () => {
      if (photoRef.current) URL.revokeObjectURL(photoRef.current.previewUrl);
    },
    [],
  );

  const canSend = (Boolean(text.trim()) || photo !== null) && !disabled;

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend(text.trim(), photo);
    setText('');
    setPhoto(null);
    setPickProblem(null);
    lastHint.current = 0;
  }

  function pick(file: File | undefined) {
    if (!file) return;
    const problem = photoPickProblem(file);
    setPickProblem(problem);
    if (problem) return;
    if (photo) URL.revokeObjectURL(photo.previewUrl);
    setPhoto({ file, previewUrl: URL.createObjectURL(file) });
  }

  function removePhoto() {
    if (photo) URL.revokeObjectURL(photo.previewUrl);
    setPhoto(null);
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
      aria-label="Send a message"
      className="border-t border-sand-200 bg-sand-50/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
    >
      {photo ? (
        <div className="relative mb-2 inline-block">
          <img
            src={photo.previewUrl}
            alt={`Photo to send: ${photo.file.name}`}
            className="max-h-32 rounded-2xl object-cover ring-1 ring-sand-200"
          />
          <button
            type="button"
            onClick={removePhoto}
            aria-label="Remove the photo"
            className="absolute top-1 right-1 grid size-8 place-items-center rounded-full bg-white/90 text-ink-800 shadow-soft"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ) : null}
      {pickProblem ? (
        <p role="alert" className="mb-2 text-sm text-clay-700">
          {pickProblem}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={MESSAGE_PHOTO_UPLOAD_TYPES.join(',')}
          hidden
          data-testid="message-photo-input"
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <button
          type="button"
          aria-label={photo ? 'Choose another photo' : 'Add a photo'}
          onClick={() => fileInput.current?.click()}
          className="grid size-12 shrink-0 place-items-center rounded-full text-ink-700 ring-1 ring-sand-300 ring-inset hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-sage-500"
        >
          <PhotoIcon className="size-5" />
        </button>
        <label htmlFor={inputId} className="sr-only">
          Write a message
        </label>
        <textarea
          id={inputId}
          value={text}
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={photo ? 'Add a caption…' : 'Write a message…'}
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
        <Button type="submit" disabled={!canSend} className="h-12">
          Send
        </Button>
      </div>
    </form>
  );
}
