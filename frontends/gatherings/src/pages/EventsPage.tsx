import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

// Loaded on demand: the list needs the server-state library, which a remote must not load when it initialises.
const EventsBrowser = lazy(() => import('../components/EventsBrowser.tsx'));

/** /events and /all-events. */
export default function EventsPage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading events…" />}>
      <EventsBrowser />
    </Suspense>
  );
}
