import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@mer/router';
import { refreshSession, signOut, timing, useSessionStore } from '@mer/api-client';
import { Button, toast, AlertIcon } from '@mer/design-system';
import { ACTIVITY_EVENTS, IdleTimer } from './idle-timer.ts';

export const IDLE_WARNING_TEXT = 'Your session will expire in 5 minutes due to inactivity';
export const IDLE_SIGNED_OUT_TEXT = 'Session expired due to inactivity. Please log in again.';

/**
 * Session idle (spec 000 section 4, 001 section 4): 30 min without activity signs the member out; at 25 min a
 * warning with 'Stay logged in' shows for 10 s. The warning is its own banner rather than a toast, because toast
 * areas are not rendered on mobile and the warning must reach everyone.
 */
export default function SessionIdleWatcher() {
  const signedIn = useSessionStore((s) => s.status === 'signed-in');
  const navigate = useNavigate();
  const [warning, setWarning] = useState(false);
  const timerRef = useRef<IdleTimer | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    const timer = new IdleTimer({
      timeoutMs: timing('idleTimeoutMs'),
      warningMs: timing('idleWarningMs'),
      checkMs: timing('idleCheckMs'),
      onWarning: () => setWarning(true),
      onTimeout: async () => {
        setWarning(false);
        // A session the server already refused is shown as 'Session Invalid' by the guard instead.
        if (useSessionStore.getState().status !== 'signed-in') return;
        await signOut();
        toast({
          title: 'Session expired',
          description: IDLE_SIGNED_OUT_TEXT,
          tone: 'warning',
          durationMs: 8000,
        });
        navigate('/login', { replace: true, state: { reason: 'idle' } });
      },
    });
    timerRef.current = timer;
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < 500) return;
      last = now;
      timer.recordActivity();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') timer.evaluate();
    };
    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisible);
    timer.start();
    return () => {
      timer.stop();
      timerRef.current = null;
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
      setWarning(false);
    };
  }, [signedIn, navigate]);

  useEffect(() => {
    if (!warning) return;
    const hide = setTimeout(() => setWarning(false), timing('idleWarningVisibleMs'));
    return () => clearTimeout(hide);
  }, [warning]);

  if (!warning) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-20 z-[70] flex justify-center px-4 md:bottom-8">
      <div
        role="alert"
        data-testid="idle-warning"
        className="pointer-events-auto flex w-full max-w-md animate-fade-in items-center gap-3 rounded-2xl bg-ink-900 p-4 text-white shadow-lift"
      >
        <AlertIcon className="size-6 shrink-0 text-gold-500" />
        <p className="flex-1 text-sm leading-snug">{IDLE_WARNING_TEXT}</p>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            timerRef.current?.recordActivity();
            setWarning(false);
            void refreshSession();
          }}
        >
          Stay logged in
        </Button>
      </div>
    </div>
  );
}
