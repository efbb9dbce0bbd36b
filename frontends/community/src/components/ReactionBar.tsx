import { useId, useState } from 'react';
import type { Post, ReactionType } from '@mer/contracts';
import { cx, formatCount, toast } from '@mer/design-system';
import { useReact } from '../api/feed.ts';
import { REACTIONS, nextReaction, reactionInfo, topReactions, totalReactions } from '../domain/reactions.ts';

/**
 * The reactions under a post: a summary (the most given symbols and the total), the member's own reaction as the
 * main button, and a picker of the five reactions. Counts come from the server (and live from /ws).
 */
export function ReactionBar({ post }: { post: Post }) {
  const react = useReact();
  const [picking, setPicking] = useState(false);
  const pickerId = useId();
  const total = totalReactions(post.reactionCounts);
  const mine = post.myReaction ? reactionInfo(post.myReaction) : null;

  function choose(type: ReactionType) {
    setPicking(false);
    react.mutate(
      { postId: post.id, type: nextReaction(post.myReaction, type) },
      { onError: () => toast({ tone: 'error', title: 'Your reaction was not saved. Please try again.' }) },
    );
  }

  return (
    <div className="relative flex flex-wrap items-center gap-2">
      <button
        type="button"
        aria-expanded={picking}
        aria-controls={pickerId}
        onClick={() => setPicking((open) => !open)}
        className={cx(
          'inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm ring-1 ring-inset transition',
          mine
            ? 'bg-sage-100 text-sage-800 ring-sage-300'
            : 'bg-white text-ink-700 ring-sand-300 hover:bg-sand-100',
        )}
      >
        <span aria-hidden="true">{mine ? mine.symbol : '🙂'}</span>
        {mine ? mine.label : 'React'}
      </button>
      <span className="text-sm text-ink-600" data-testid="reaction-total" aria-live="polite">
        {total > 0 ? (
          <>
            <span aria-hidden="true">
              {topReactions(post.reactionCounts).map((t) => reactionInfo(t).symbol)}{' '}
            </span>
            <span>
              {formatCount(total)} {total === 1 ? 'reaction' : 'reactions'}
            </span>
          </>
        ) : null}
      </span>
      {picking ? (
        <div
          id={pickerId}
          role="group"
          aria-label="Choose a reaction"
          className="absolute bottom-12 left-0 z-10 flex gap-1 rounded-full bg-white p-1.5 shadow-soft ring-1 ring-sand-200"
          onKeyDown={(event) => event.key === 'Escape' && setPicking(false)}
        >
          {REACTIONS.map((r) => (
            <button
              key={r.type}
              type="button"
              aria-pressed={post.myReaction === r.type}
              aria-label={`${r.label} (${post.reactionCounts[r.type]})`}
              title={r.label}
              onClick={() => choose(r.type)}
              className={cx(
                'grid size-10 place-items-center rounded-full text-xl transition hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-sage-500',
                post.myReaction === r.type && 'bg-sage-100',
              )}
            >
              <span aria-hidden="true">{r.symbol}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
