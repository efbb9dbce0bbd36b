import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

const CirclesBrowser = lazy(() => import('../components/CirclesBrowser.tsx'));

/** /circles and /all-circles. */
export default function CirclesPage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading circles…" />}>
      <CirclesBrowser />
    </Suspense>
  );
}
