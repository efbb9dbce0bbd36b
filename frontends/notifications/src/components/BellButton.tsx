import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from '@mer/router';
import { Spinner, cx } from '@mer/design-system';
import { useLiveNotifications, useUnreadCount } from '../api/notifications.ts';
import { bellBadgeText, bellLabel } from '../domain/badge.ts';
import { BellIcon } from './BellIcon.tsx';

// The panels load when the bell is first opened: most page views never open it.
const NotificationPopover = lazy(() => import('./NotificationPopover.tsx'));
const NotificationDrawer = lazy(() => import('./NotificationDrawer.tsx'));

/**
 * The bell: the unread count (9+ above 9, 99+ above 99), live over /ws and polled every 30 s. It opens the
 * popover (the latest 10) on wider screens and the drawer (grouped) on phones.
 */
export default function BellButton({ mobile }: { mobile: boolean }) {
  useLiveNotifications();
  const unread = useUnreadCount().data ?? 0;
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const badge = bellBadgeText(unread);

  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open || mobile) return;
    const onPointer = (e: PointerEvent) => {
      if (!containerRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        containerRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, mobile]);

  return (
    <div ref={containerRef} className="relative">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-haspopup={mobile ? 'dialog' : undefined}
        aria-controls={open && !mobile ? panelId : undefined}
        className={cx(
          'relative grid size-10 place-items-center rounded-full text-ink-600 transition-colors hover:bg-white hover:text-ink-900',
          open && 'bg-white text-ink-900 shadow-soft',
        )}
      >
        <BellIcon className="size-5" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-clay-600 px-1 text-[0.65rem] leading-none font-bold text-white ring-2 ring-sand-50"
          >
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense
          fallback={
            mobile ? null : (
              <div className="absolute right-0 mt-2 grid h-32 w-[22rem] place-items-center rounded-2xl bg-white shadow-lift ring-1 ring-sand-200">
                <Spinner />
              </div>
            )
          }
        >
          {mobile ? (
            <NotificationDrawer onClose={() => setOpen(false)} />
          ) : (
            <NotificationPopover id={panelId} onClose={() => setOpen(false)} />
          )}
        </Suspense>
      ) : null}
    </div>
  );
}
