import type { HTMLAttributes } from 'react';
import { cx } from '../class-names.ts';

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  tone?: 'white' | 'sand' | 'sage' | 'ink';
  padding?: 'none' | 'sm' | 'md' | 'lg';
}

const TONES = {
  white: 'bg-white ring-1 ring-sand-200',
  sand: 'bg-sand-100 ring-1 ring-sand-200',
  sage: 'bg-sage-50 ring-1 ring-sage-100',
  ink: 'bg-ink-800 text-white',
};
const PADDING = { none: '', sm: 'p-4', md: 'p-6', lg: 'p-8 sm:p-10' };

export function Card({ tone = 'white', padding = 'md', className, ...rest }: CardProps) {
  return (
    <div
      className={cx('rounded-[var(--radius-card)] shadow-soft', TONES[tone], PADDING[padding], className)}
      {...rest}
    />
  );
}
