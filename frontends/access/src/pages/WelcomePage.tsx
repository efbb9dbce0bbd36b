import '../styles.css';
import { lazy, Suspense } from 'react';
import { PagePlaceholder } from '@mer/design-system';

// Loaded on demand: it needs the server-state library (see SignupHandlerPage).
const Welcome = lazy(() => import('../components/Welcome.tsx'));

export default function WelcomePage() {
  return (
    <Suspense fallback={<PagePlaceholder />}>
      <Welcome />
    </Suspense>
  );
}
