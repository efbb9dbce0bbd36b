import { useId, useState } from 'react';
import { cx } from '@mer/design-system';
import { MESSAGE_REACTIONS, nextReaction, reactionLabel } from '../domain/reactions.ts';

/**
 * The reactions under a message: one chip per reaction given, with its count (the member's own is pressed, and
 * pressing it takes it back), and a small picker to add or change the member's one reaction.
 */
export function MessageReactions({
  reactions,
  myReaction,
  own,
  onReact,
}: {
  reactions: readonly { reaction: string; count: number }[];
  myReaction: string | null;
  /** The member's own message: the row sits on the right. */
  own: boolean;
  onReact: (reaction: string | null) => void;
}) {
  const [picking, setPicking] = useState(false);
  const pickerId = useId();

  function choose(reaction: string) {
    setPicking(false);
    onReact(nextReaction(myReaction, reaction));
  }

  return (
    <div
      className={cx('relative mt-1 flex flex-wrap items-center gap-1 px-1', own && 'flex-row-reverse')}
      data-testid="message-reactions"
    >
      {reactions.map((r) => (
        <button
          key={r.reaction}
          type="button"
          aria-pressed={myReaction === r.reaction}
          aria-label={`${reactionLabel(r.reaction)}: ${r.count}`}
          onClick={() => choose(r.reaction)}
          className={cx(
            'inline-flex h-7 items-center gap-1 rounded-full px-2 text-xs ring-1 ring-inset transition',
            myReaction === r.reaction
              ? 'bg-sage-100 text-sage-800 ring-sage-300'
              : 'bg-white text-ink-700 ring-sand-300 hover:bg-sand-100',
          )}
        >
          <span aria-hidden="true">{r.reaction}</span>
          <span aria-hidden="true">{r.count}</span>
        </button>
      ))}
      <button
        type="button"
        aria-label="React to this message"
        aria-expanded={picking}
        aria-controls={picking ? pickerId : undefined}
        onClick={() => setPicking((open) => !open)}
        className="grid h-7 w-8 place-items-center rounded-full text-sm text-ink-500 hover:bg-sand-100 hover:text-ink-800 focus-visible:outline-2 focus-visible:outline-sage-500"
      >
        <span aria-hidden="true">🙂+</span>
      </button>
      {picking ? (
        <div
          id={pickerId}
          role="group"
          aria-label="Choose a reaction"
          onKeyDown={(event) => event.key === 'Escape' && setPicking(false)}
          className={cx(
            'absolute bottom-9 z-10 flex gap-0.5 rounded-full bg-white p-1 shadow-soft ring-1 ring-sand-200',
            own ? 'right-0' : 'left-0',
          )}
        >
          {MESSAGE_REACTIONS.map((r) => (
            <button
              key={r.reaction}
              type="button"
              aria-pressed={myReaction === r.reaction}
              aria-label={r.label}
              title={r.label}
              onClick={() => choose(r.reaction)}
              className={cx(
                'grid size-9 place-items-center rounded-full text-lg transition hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-sage-500',
                myReaction === r.reaction && 'bg-sage-100',
              )}
            >
              <span aria-hidden="true">{r.reaction}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
