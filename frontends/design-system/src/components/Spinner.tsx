import { cx } from '../class-names.ts';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to assistive technology; omit when a visible text already says what is loading. */
  label?: string;
  className?: string;
}

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-[3px]', lg: 'size-10 border-4' };

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className={cx('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className={cx(
          'animate-spin rounded-full border-current border-r-transparent opacity-80',
          SIZES[size],
        )}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
