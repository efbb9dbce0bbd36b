import { cx } from '../class-names.ts';

/** The MER mark: a lotus in a deep-indigo circle. */
export function LogoMark({ className, title }: { className?: string; title?: string }) {
  return (
    <svg
      viewBox="0 0 48 48"
      className={className}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <circle cx="24" cy="24" r="24" fill="#2a2d57" />
      <path d="M24 11.5c4.2 5 5.6 11 0 21.5-5.6-10.5-4.2-16.5 0-21.5Z" fill="#efe6d6" />
      <path d="M23.2 33.5C15.8 33 11 27.6 10.2 20.4c6.7 1.2 11.4 5.8 13 13.1Z" fill="#a5bf99" />
      <path d="M24.8 33.5c7.4-.5 12.2-5.9 13-13.1-6.7 1.2-11.4 5.8-13 13.1Z" fill="#a5bf99" />
      <path d="M15.5 36.5h17" stroke="#cfb791" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({
  className,
  withWordmark = true,
  size = 'md',
}: {
  className?: string;
  withWordmark?: boolean;
  size?: 'sm' | 'md' | 'lg';
}) {
  const mark = { sm: 'size-7', md: 'size-9', lg: 'size-14' }[size];
  const text = { sm: 'text-lg', md: 'text-[1.4rem]', lg: 'text-3xl' }[size];
  return (
    <span className={cx('inline-flex items-center gap-2.5', className)}>
      <LogoMark className={mark} />
      {withWordmark ? (
        <span className={cx('font-display font-semibold tracking-[0.06em] text-ink-900', text)}>MER</span>
      ) : null}
    </span>
  );
}
