import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { AlertIcon, CheckIcon, InfoIcon } from '../icons.tsx';

export interface AlertProps {
  tone?: 'info' | 'success' | 'error' | 'warning';
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  action?: ReactNode;
}

const TONES = {
  info: 'bg-ink-50 text-ink-800 ring-ink-100',
  success: 'bg-sage-50 text-sage-800 ring-sage-200',
  error: 'bg-clay-50 text-clay-700 ring-clay-100',
  warning: 'bg-gold-100 text-gold-700 ring-gold-100',
};

/** An inline message inside a page or form. Errors are announced immediately (role=alert). */
export function Alert({ tone = 'info', title, children, className, action }: AlertProps) {
  const Icon = tone === 'success' ? CheckIcon : tone === 'info' ? InfoIcon : AlertIcon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('flex gap-3 rounded-2xl p-4 text-sm ring-1 ring-inset', TONES[tone], className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-relaxed opacity-90">{children}</div> : null}
        {action ? <div className="pt-1">{action}</div> : null}
      </div>
    </div>
  );
}
