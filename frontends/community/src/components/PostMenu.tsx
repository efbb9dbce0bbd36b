import { useEffect, useId, useRef, useState } from 'react';
import { CircleDotsIcon, cx } from '@mer/design-system';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** The "…" menu of a post or comment (WAI-ARIA menu button): Escape and a click elsewhere close it. */
export function PostMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => ref.current?.contains(event.target as Node) || setOpen(false);
    document.addEventListener('mousedown', close);
    ref.current?.querySelector<HTMLButtonElement>('[role=menuitem]')?.focus();
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  if (actions.length === 0) return null;
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="grid size-10 place-items-center rounded-full text-ink-500 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-sage-500"
      >
        <CircleDotsIcon className="size-5" />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          className="absolute right-0 z-20 mt-1 min-w-40 overflow-hidden rounded-xl bg-white py-1 shadow-soft ring-1 ring-sand-200"
          onKeyDown={(event) => {
            const items = Array.from(
              ref.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]') ?? [],
            );
            const index = items.indexOf(document.activeElement as HTMLButtonElement);
            if (event.key === 'Escape') setOpen(false);
            if (event.key === 'ArrowDown') items[(index + 1) % items.length]?.focus();
            if (event.key === 'ArrowUp') items[(index - 1 + items.length) % items.length]?.focus();
          }}
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                action.onSelect();
              }}
              className={cx(
                'block w-full px-4 py-2.5 text-left text-sm hover:bg-sand-100 focus:bg-sand-100 focus:outline-none',
                action.danger ? 'text-clay-700' : 'text-ink-800',
              )}
            >
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
