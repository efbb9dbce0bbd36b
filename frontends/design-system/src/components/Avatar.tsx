import { useState } from 'react';
import { cx } from '../class-names.ts';

export interface AvatarProps {
  name: string;
  src?: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
  /** When the avatar sits next to the visible name, hide it from assistive technology. */
  decorative?: boolean;
}

const SIZES = {
  xs: 'size-7 text-[0.65rem]',
  sm: 'size-9 text-xs',
  md: 'size-11 text-sm',
  lg: 'size-16 text-lg',
  xl: 'size-24 text-2xl',
};
const TINTS = [
  'bg-sage-200 text-sage-800',
  'bg-sand-300 text-sand-700',
  'bg-ink-100 text-ink-700',
  'bg-clay-100 text-clay-700',
  'bg-gold-100 text-gold-700',
];

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

function tintFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return TINTS[hash % TINTS.length]!;
}

export function Avatar({ name, src, size = 'md', className, decorative }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const base = cx(
    'inline-grid shrink-0 place-items-center overflow-hidden rounded-full ring-2 ring-white font-semibold',
    SIZES[size],
    className,
  );
  if (src && !failed) {
    return (
      <img
        src={src}
        alt={decorative ? '' : name}
        onError={() => setFailed(true)}
        className={cx(base, 'object-cover')}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      className={cx(base, tintFor(name))}
    >
      {initialsOf(name)}
    </span>
  );
}
