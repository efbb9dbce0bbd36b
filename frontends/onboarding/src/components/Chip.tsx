import type { ReactNode } from 'react';
import { CheckIcon, CloseIcon, cx } from '@mer/design-system';

/** A toggle chip (aria-pressed) for choosing practices. */
export function ToggleChip({
  pressed,
  onToggle,
  children,
}: {
  pressed: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      className={cx(
        'inline-flex min-h-10 items-center gap-1.5 rounded-full px-4 py-2 text-sm font-medium transition-colors duration-150',
        pressed
          ? 'bg-sage-600 text-white shadow-soft hover:bg-sage-700'
          : 'bg-white text-ink-800 ring-1 ring-inset ring-sand-300 hover:bg-sand-100',
      )}
    >
      {pressed ? <CheckIcon className="size-4" /> : null}
      {children}
    </button>
  );
}

/** A chosen item with a remove button. */
export function RemovableChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className="inline-flex min-h-9 items-center gap-1 rounded-full bg-sage-100 py-1 pr-1 pl-3.5 text-sm font-medium text-sage-800">
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${label}`}
        className="grid size-7 place-items-center rounded-full hover:bg-sage-200"
      >
        <CloseIcon className="size-3.5" />
      </button>
    </span>
  );
}
