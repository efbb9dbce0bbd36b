import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { Spinner } from './Spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'quiet';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-ink-800 text-white shadow-soft hover:bg-ink-700 active:bg-ink-900 disabled:bg-ink-300 disabled:shadow-none',
  secondary:
    'bg-white text-ink-800 ring-1 ring-inset ring-sand-300 hover:bg-sand-100 active:bg-sand-200 disabled:text-ink-300',
  ghost: 'bg-transparent text-ink-700 hover:bg-ink-50 active:bg-ink-100 disabled:text-ink-300',
  quiet: 'bg-sage-100 text-sage-800 hover:bg-sage-200 active:bg-sage-300 disabled:text-sage-400',
  danger: 'bg-clay-600 text-white hover:bg-clay-700 disabled:bg-clay-100 disabled:text-clay-600',
};
const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3.5 py-1.5 text-sm gap-1.5',
  md: 'min-h-11 px-5 py-2 text-[0.95rem] gap-2',
  lg: 'min-h-13 px-7 py-3 text-base gap-2.5',
};

/** The classes of a button, for links that look like buttons. */
export function buttonClassName(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: string,
): string {
  return cx(
    'inline-flex select-none items-center justify-center rounded-full text-center leading-tight font-semibold tracking-[0.01em]',
    'transition-colors duration-150 disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and keeps the button disabled. */
  loading?: boolean;
  /** Text for screen readers while loading (the visible label stays). */
  loadingLabel?: string;
  fullWidth?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingLabel,
  fullWidth,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, size, cx(fullWidth && 'w-full', className))}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : icon}
      <span>{children}</span>
      {loading && loadingLabel ? <span className="sr-only">{loadingLabel}</span> : null}
    </button>
  );
}
