import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

const Recommendations = lazy(() => import('../components/Recommendations.tsx'));

/** /engage. */
export default function EngagePage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Finding gatherings for you…" />}>
      <Recommendations page="engage" />
    </Suspense>
  );
}
