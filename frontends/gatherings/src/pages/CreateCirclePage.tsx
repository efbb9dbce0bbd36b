import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

const CreateCircleForm = lazy(() => import('../components/CreateCircleForm.tsx'));

/** /create-circle. */
export default function CreateCirclePage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading…" />}>
      <CreateCircleForm />
    </Suspense>
  );
}
