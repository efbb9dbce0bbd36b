import '../styles.css';
import { lazy, Suspense } from 'react';
import { PagePlaceholder } from '@mer/design-system';

// Loaded on demand: it needs the server-state library, which the landing page must not pull in with this remote.
const SignupHandler = lazy(() => import('../components/SignupHandler.tsx'));

export default function SignupHandlerPage() {
  return (
    <Suspense fallback={<PagePlaceholder />}>
      <SignupHandler />
    </Suspense>
  );
}
