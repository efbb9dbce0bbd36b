import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { EyeIcon, EyeOffIcon } from '../icons.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** Shown under the field; replaced by the error when there is one. */
  hint?: ReactNode;
  error?: ReactNode;
  /** A status line under the field that is not an error (e.g. "Username is available"). */
  status?: ReactNode;
  statusTone?: 'neutral' | 'positive' | 'pending';
  endAdornment?: ReactNode;
  containerClassName?: string;
}

export const fieldInputClassName = cx(
  'block w-full rounded-xl border bg-white px-4 h-12 text-[1rem] text-ink-900 placeholder:text-ink-400',
  'transition-colors duration-150 outline-none focus-visible:outline-none focus:border-ink-500 focus:ring-4 focus:ring-ink-100',
  'disabled:bg-sand-100 disabled:text-ink-400',
);

/** A field's label, with the star of a required field (hidden from screen readers, which hear 'required'). */
export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
}) {
  return (
    <div className="flex items-baseline gap-0.5">
      <label htmlFor={htmlFor} className="block text-sm font-semibold text-ink-800">
        {label}
      </label>
      {required ? (
        <span aria-hidden="true" className="text-sm font-semibold text-clay-600">
          *
        </span>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  hint,
  error,
  status,
  statusTone = 'neutral',
  endAdornment,
  id,
  className,
  containerClassName,
  required,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const message = error ?? status ?? hint;
  return (
    <div className={cx('space-y-1.5', containerClassName)}>
      <FieldLabel htmlFor={inputId} label={label} required={required} />
      <div className="relative">
        <input
          id={inputId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className={cx(
            fieldInputClassName,
            error ? 'border-clay-500 focus:border-clay-600 focus:ring-clay-100' : 'border-sand-300',
            endAdornment ? 'pr-12' : undefined,
            className,
          )}
          {...rest}
        />
        {endAdornment ? (
          <div className="absolute inset-y-0 right-1 flex items-center">{endAdornment}</div>
        ) : null}
      </div>
      {message ? (
        <p
          id={messageId}
          aria-live={error || status ? 'polite' : undefined}
          className={cx(
            'text-sm',
            error
              ? 'font-medium text-clay-700'
              : status && statusTone === 'positive'
                ? 'text-sage-700'
                : 'text-ink-500',
          )}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'endAdornment'> {}

/** A password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          aria-pressed={visible}
          className="grid size-10 place-items-center rounded-lg text-ink-500 hover:bg-sand-100 hover:text-ink-800"
        >
          {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      }
    />
  );
}
