import { cx } from '../class-names.ts';

export function ProgressBar({
  value,
  label,
  className,
}: {
  value: number;
  label: string;
  className?: string;
}) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cx('h-2 w-full overflow-hidden rounded-full bg-sand-200', className)}
    >
      <div
        className="h-full rounded-full bg-gradient-to-r from-sage-400 to-ink-600 transition-[width] duration-200 ease-out"
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
