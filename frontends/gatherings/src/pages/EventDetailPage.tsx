import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

const EventDetail = lazy(() => import('../components/EventDetail.tsx'));

/** /events/{id}. */
export default function EventDetailPage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading the event…" />}>
      <EventDetail />
    </Suspense>
  );
}
