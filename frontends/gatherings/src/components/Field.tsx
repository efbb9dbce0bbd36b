import { useId, type ReactNode } from 'react';
import { cx, fieldInputClassName } from '@mer/design-system';

/** A labelled textarea or select in the design system's field look, with its error under it. */
export function TextAreaField({
  label,
  value,
  onChange,
  error,
  hint,
  rows = 5,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  rows?: number;
}) {
  const id = useId();
  const message = error ?? hint;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        className={cx(fieldInputClassName, 'h-auto py-3', error ? 'border-clay-500' : 'border-sand-300')}
      />
      {message ? (
        <p id={`${id}-message`} className={cx('text-sm', error ? 'text-clay-700' : 'text-ink-600')}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cx(fieldInputClassName, 'border-sand-300')}
      >
        {children}
      </select>
    </div>
  );
}

/** A group of radio buttons (the event type, the joining policy). */
export function RadioGroup<T extends string>({
  legend,
  value,
  onChange,
  options,
}: {
  legend: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly { id: T; label: string; hint?: string }[];
}) {
  const name = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-ink-800">{legend}</legend>
      {options.map((o) => (
        <label key={o.id} className="flex items-start gap-2 text-ink-800">
          <input
            type="radio"
            name={name}
            value={o.id}
            checked={value === o.id}
            onChange={() => onChange(o.id)}
            className="mt-1"
          />
          <span>
            {o.label}
            {o.hint ? <span className="block text-sm text-ink-600">{o.hint}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
