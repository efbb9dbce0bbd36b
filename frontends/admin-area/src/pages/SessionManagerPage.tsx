import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

const SessionTools = lazy(() => import('../components/SessionTools.tsx'));

/** /session-manager: the admin tools. */
export default function SessionManagerPage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading the admin tools…" />}>
      <SessionTools />
    </Suspense>
  );
}
