import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

// Loaded on demand: the list needs the server-state library, which a remote must not load when it initialises.
const NotificationCenter = lazy(() => import('../components/NotificationCenter.tsx'));

/** /notifications: the full notification list. */
export default function NotificationsPage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading your notifications…" />}>
      <NotificationCenter />
    </Suspense>
  );
}
