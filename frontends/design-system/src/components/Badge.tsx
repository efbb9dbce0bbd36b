import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';

export interface BadgeProps {
  children: ReactNode;
  tone?: 'sage' | 'sand' | 'ink' | 'clay' | 'gold';
  className?: string;
}

const TONES = {
  sage: 'bg-sage-100 text-sage-800',
  sand: 'bg-sand-200 text-sand-700',
  ink: 'bg-ink-100 text-ink-800',
  clay: 'bg-clay-600 text-white',
  gold: 'bg-gold-100 text-gold-700',
};

export function Badge({ children, tone = 'sage', className }: BadgeProps) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Unread count text: the number, or "99+" above 99 (spec: navigation badge). */
export function formatCount(count: number, cap = 99): string {
  return count > cap ? `${cap}+` : String(count);
}

/** A small count bubble for icons (unread conversations, notifications). */
export function CountBadge({
  count,
  cap = 99,
  label,
  className,
}: {
  count: number;
  cap?: number;
  label: string;
  className?: string;
}) {
  if (count <= 0) return null;
  return (
    <span
      className={cx(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-clay-600 px-1.5 text-[0.7rem] font-bold leading-none text-white ring-2 ring-white',
        className,
      )}
    >
      <span aria-hidden="true">{formatCount(count, cap)}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
