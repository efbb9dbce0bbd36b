import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

const CircleAboutView = lazy(() => import('../components/CircleAboutView.tsx'));

/** /circles/{id}/about. */
export default function CircleAboutPage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading the circle…" />}>
      <CircleAboutView />
    </Suspense>
  );
}
