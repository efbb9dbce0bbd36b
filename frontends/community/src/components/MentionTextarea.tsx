import { useId, useRef, useState, type TextareaHTMLAttributes } from 'react';
import type { FeedMember } from '@mer/contracts';
import { Avatar, cx, fieldInputClassName } from '@mer/design-system';
import { insertMention, mentionCandidates, mentionQueryAt } from '../domain/mentions.ts';

/**
 * A text area with @mention autocomplete (WAI-ARIA combobox): typing @ and a few letters lists matching members;
 * arrow keys move, Enter or Tab picks, Escape closes. The server resolves the @username to the member.
 */
export function MentionTextarea({
  value,
  onChange,
  members,
  label,
  className,
  ...rest
}: {
  value: string;
  onChange: (value: string) => void;
  members: readonly FeedMember[];
  label: string;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'>) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const mention = mentionQueryAt(value, caret);
  const candidates = mention && dismissed !== mention.start ? mentionCandidates(members, mention.query) : [];
  const open = candidates.length > 0;

  function pick(member: FeedMember) {
    if (!mention) return;
    const next = insertMention(value, mention, caret, member.username);
    onChange(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => ref.current?.setSelectionRange(next.caret, next.caret));
  }

  return (
    <div className="relative">
      <textarea
        ref={ref}
        aria-label={label}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart);
          setActive(0);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={(event) => {
          if (!open) return;
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((i) => (i + step + candidates.length) % candidates.length);
          } else if (event.key === 'Enter' || event.key === 'Tab') {
            event.preventDefault();
            pick(candidates[Math.min(active, candidates.length - 1)]!);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            setDismissed(mention!.start);
          }
        }}
        className={cx(
          fieldInputClassName,
          'h-auto min-h-20 resize-y border-sand-300 py-3 leading-relaxed',
          className,
        )}
        {...rest}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Members to mention"
        hidden={!open}
        className="absolute left-0 z-20 mt-1 w-full max-w-xs overflow-hidden rounded-xl bg-white shadow-soft ring-1 ring-sand-200"
      >
        {candidates.map((member, index) => (
          <li
            key={member.userId}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              pick(member);
            }}
            className={cx(
              'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
              index === active && 'bg-sage-50',
            )}
          >
            <Avatar name={member.name} src={member.imageUrl ?? undefined} size="sm" decorative />
            <span className="font-medium text-ink-900">{member.name}</span>
            <span className="text-ink-500">@{member.username}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
