import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

// Loaded on demand: the greetings need the server-state library, which a remote must not load when it
// initialises (frontends/README.md "What loads first").
const Greetings = lazy(() => import('../components/Greetings.tsx'));

/** /search-dialog: the member's greetings (the scaffold page: replace it). */
export default function GreetingsPage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading your greetings…" />}>
      <Greetings />
    </Suspense>
  );
}
