import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

// Loaded on demand: the tester needs the server-state library, which a remote must not load when it initialises.
const EmailTester = lazy(() => import('../components/EmailTester.tsx'));

/** /email-test: the unified e-mail tester and a link to /admin (spec 001 section 2). */
export default function EmailTestPage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading the e-mail tester…" />}>
      <EmailTester />
    </Suspense>
  );
}
