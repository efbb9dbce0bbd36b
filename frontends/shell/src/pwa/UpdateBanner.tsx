import { useEffect } from 'react';
import { useLocation } from '@mer/router';
import { Button, CloseIcon, RefreshIcon, CheckIcon, toast } from '@mer/design-system';
import { applyUpdate, dismissUpdate, useUpdateState } from './service-worker.ts';

/** 'Update Now' / 'Later' when a new version is ready (hidden during onboarding). */
export function UpdateBanner() {
  const { updateReady, updated, dismissed } = useUpdateState();
  const location = useLocation();
  useEffect(() => {
    if (updated) toast({ title: 'App Updated!', tone: 'success' });
  }, [updated]);
  if (!updateReady || dismissed || location.pathname.startsWith('/onboarding')) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-20 z-[65] flex justify-center px-4 md:right-6 md:bottom-6 md:left-auto md:justify-end">
      <div
        role="status"
        data-testid="update-banner"
        className="pointer-events-auto flex w-full max-w-md animate-fade-in items-start gap-3 rounded-2xl bg-white p-4 shadow-lift ring-1 ring-sand-200"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-sage-100 text-sage-700">
          {updated ? <CheckIcon className="size-5" /> : <RefreshIcon className="size-5" />}
        </span>
        <div className="min-w-0 flex-1">
          {updated ? (
            <p className="pt-2 font-semibold text-ink-900">App Updated!</p>
          ) : (
            <>
              <p className="font-semibold text-ink-900">A new version of MER is ready</p>
              <p className="mt-0.5 text-sm text-ink-600">Update now to get the latest improvements.</p>
              <div className="mt-3 flex gap-2">
                <Button size="sm" onClick={applyUpdate}>
                  Update Now
                </Button>
                <Button size="sm" variant="ghost" onClick={dismissUpdate}>
                  Later
                </Button>
              </div>
            </>
          )}
        </div>
        {updated ? null : (
          <button
            type="button"
            onClick={dismissUpdate}
            aria-label="Close"
            className="-mt-1 -mr-1 grid size-8 place-items-center rounded-full text-ink-400 hover:bg-sand-100 hover:text-ink-700"
          >
            <CloseIcon className="size-4" />
          </button>
        )}
      </div>
    </div>
  );
}
