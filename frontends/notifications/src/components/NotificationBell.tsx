import '../styles.css';
import { lazy, Suspense } from 'react';

// The bell's count needs the server-state library, which a remote must not load when it initialises
// (frontends/README.md "What loads first"); the shell has it already on member pages, so this costs no download.
const BellButton = lazy(() => import('./BellButton.tsx'));

/** The notification bell of the shell's navigation (exposed as `notifications/NotificationBell`). */
export default function NotificationBell({ mobile = false }: { mobile?: boolean }) {
  return (
    <Suspense fallback={<span aria-hidden="true" className="size-10" />}>
      <BellButton mobile={mobile} />
    </Suspense>
  );
}
