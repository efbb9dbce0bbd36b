import { useId, useState, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { Spinner } from './Spinner.tsx';
import { FieldLabel, fieldInputClassName } from './TextField.tsx';
import { comboboxKeyAction } from './combobox-keys.ts';

export interface ComboOption {
  id: string;
  label: string;
  detail?: string;
}

export interface ComboboxProps {
  label: string;
  value: string;
  onInputChange: (text: string) => void;
  options: ComboOption[];
  onSelect: (option: ComboOption) => void;
  loading?: boolean;
  /** Shown in the list when there are no options (e.g. 'No locations found for your search'); null hides the list. */
  emptyText?: string | null;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  error?: ReactNode;
  hint?: ReactNode;
  onBlur?: () => void;
  autoComplete?: string;
}

/**
 * A text box with a suggestion list (WAI-ARIA combobox, list autocomplete with manual selection): arrows move,
 * Enter picks, Escape closes, and the list comes back when the member returns to the box. The one combobox of
 * every remote (wizard city, languages and birth place; settings city), so they behave the same everywhere.
 */
export function Combobox({
  label,
  value,
  onInputChange,
  options,
  onSelect,
  loading,
  emptyText,
  placeholder,
  disabled,
  required,
  error,
  hint,
  onBlur,
  autoComplete = 'off',
}: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const messageId = `${id}-message`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const showEmpty = !loading && options.length === 0 && Boolean(emptyText);
  const expanded = open && !disabled && (options.length > 0 || Boolean(loading) || showEmpty);
  const marked = expanded && active >= 0 && active < options.length ? active : -1;
  const message = error ?? hint;

  function pick(option: ComboOption) {
    onSelect(option);
    setOpen(false);
    setActive(-1);
  }

  return (
    <div className="relative space-y-1.5">
      <FieldLabel htmlFor={id} label={label} required={required} />
      <div className="relative">
        <input
          id={id}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={marked >= 0 ? `${id}-opt-${marked}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          aria-required={required || undefined}
          autoComplete={autoComplete}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(e) => {
            onInputChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={(e) => {
            // Let a click on an option land before the list closes; a member who came straight back keeps it open.
            const input = e.currentTarget;
            setTimeout(() => {
              if (document.activeElement !== input) setOpen(false);
            }, 150);
            onBlur?.();
          }}
          onKeyDown={(e) => {
            const action = comboboxKeyAction(e.key, { expanded, active: marked, count: options.length });
            if (action.kind === 'none') return;
            e.preventDefault();
            if (action.kind === 'move') {
              setOpen(true);
              setActive(action.active);
            } else if (action.kind === 'pick') pick(options[action.index]!);
            else setOpen(false);
          }}
          className={cx(
            fieldInputClassName,
            error ? 'border-clay-500 focus:border-clay-600 focus:ring-clay-100' : 'border-sand-300',
            'pr-11',
          )}
        />
        {loading ? (
          <span className="absolute inset-y-0 right-3 flex items-center text-ink-400">
            <Spinner size="sm" />
          </span>
        ) : null}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-2xl bg-white p-1.5 shadow-lift ring-1 ring-sand-200"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${id}-opt-${index}`}
            role="option"
            aria-selected={index === marked}
            // Keeps the focus in the box, so the blur above does not close the list under the pointer.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(option)}
            onMouseEnter={() => setActive(index)}
            className={cx(
              'cursor-pointer rounded-xl px-3 py-2.5 text-[0.95rem] text-ink-800',
              index === marked ? 'bg-sage-100' : 'hover:bg-sand-100',
            )}
          >
            <span className="font-medium">{option.label}</span>
            {option.detail ? <span className="block text-xs text-ink-500">{option.detail}</span> : null}
          </li>
        ))}
        {loading && options.length === 0 ? (
          <li role="presentation" className="px-3 py-2.5 text-sm text-ink-500">
            Searching…
          </li>
        ) : null}
        {showEmpty ? (
          <li role="presentation" className="px-3 py-2.5 text-sm text-ink-500">
            {emptyText}
          </li>
        ) : null}
      </ul>
      {message ? (
        <p
          id={messageId}
          aria-live={error ? 'polite' : undefined}
          className={cx('text-sm', error ? 'font-medium text-clay-700' : 'text-ink-500')}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
