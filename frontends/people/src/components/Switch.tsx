import { useId } from 'react';
import { cx } from '@mer/design-system';

/** An on/off setting: a native checkbox with the switch role, so it is a real form control for every reader. */
export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="block cursor-pointer font-medium text-ink-800">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-ink-500">
            {description}
          </p>
        ) : null}
      </div>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={(e) => onChange(e.target.checked)}
          className="peer absolute inset-0 z-10 cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden="true"
          className={cx(
            'h-7 w-12 rounded-full transition-colors duration-150 peer-focus-visible:ring-4 peer-focus-visible:ring-ink-100',
            checked ? 'bg-sage-600' : 'bg-sand-300',
          )}
        />
        <span
          aria-hidden="true"
          className={cx(
            'absolute top-1 left-1 size-5 rounded-full bg-white shadow-soft transition-transform duration-150',
            checked && 'translate-x-5',
          )}
        />
      </span>
    </div>
  );
}
