import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

// Loaded on demand: the admin area needs the server-state library, which a remote must not load when it
// initialises (frontends/README.md "What loads first").
const AdminArea = lazy(() => import('../components/AdminArea.tsx'));

/** /admin/*: the Admin Panel (overview, moderation, security, audit trail). */
export default function AdminDashboardPage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading the Admin Panel…" />}>
      <AdminArea />
    </Suspense>
  );
}
