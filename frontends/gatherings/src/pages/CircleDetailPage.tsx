import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

const CircleDetail = lazy(() => import('../components/CircleDetail.tsx'));

/** /circles/{id} and its sub-paths. */
export default function CircleDetailPage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading the circle…" />}>
      <CircleDetail />
    </Suspense>
  );
}
