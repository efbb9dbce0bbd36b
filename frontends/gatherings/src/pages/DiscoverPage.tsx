import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

const Recommendations = lazy(() => import('../components/Recommendations.tsx'));

/** /discover. */
export default function DiscoverPage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Finding gatherings for you…" />}>
      <Recommendations page="discover" />
    </Suspense>
  );
}
