import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

const CreateEventWizard = lazy(() => import('../components/CreateEventWizard.tsx'));

/** /create-event. */
export default function CreateEventPage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading…" />}>
      <CreateEventWizard />
    </Suspense>
  );
}
