import { cx } from '../class-names.ts';
import { LogoMark } from './Logo.tsx';
import { Spinner } from './Spinner.tsx';

/** What a page shows while its code loads: the logo breathing and a spinner (spec: lazy pages). */
export function PagePlaceholder({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cx('flex min-h-[60dvh] flex-col items-center justify-center gap-5', className)}
    >
      <LogoMark className="size-14 animate-breathe" />
      <Spinner size="sm" className="text-ink-400" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
