import '../styles.css';
import { Suspense, lazy } from 'react';
import { PagePlaceholder } from '@mer/design-system';

const MemberSecurity = lazy(() => import('../components/MemberSecurity.tsx'));

/** /admin/user-profile/{userId}: an admin's view of one member. */
export default function AdminUserProfilePage() {
  return (
    <Suspense fallback={<PagePlaceholder label="Loading the member…" />}>
      <MemberSecurity />
    </Suspense>
  );
}
