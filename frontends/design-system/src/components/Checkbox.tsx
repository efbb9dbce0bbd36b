import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from '../class-names.ts';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
}

export function Checkbox({ label, description, id, className, ...rest }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={cx('flex items-start gap-3', className)}>
      <input
        id={inputId}
        type="checkbox"
        aria-describedby={description ? `${inputId}-description` : undefined}
        className="mt-0.5 size-5 shrink-0 cursor-pointer rounded-md border-sand-400 accent-ink-700"
        {...rest}
      />
      <div className="text-sm leading-snug">
        <label htmlFor={inputId} className="cursor-pointer font-medium text-ink-800">
          {label}
        </label>
        {description ? (
          <p id={`${inputId}-description`} className="text-ink-500">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
