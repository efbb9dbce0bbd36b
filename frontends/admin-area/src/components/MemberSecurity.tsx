import { Link, useParams } from '@mer/router';
import SecurityLog from './SecurityLog.tsx';

/** /admin/user-profile/{userId}: the member's security events (profile, membership and sessions: not yet). */
export default function MemberSecurity() {
  const { userId = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <h1 className="font-display text-3xl text-ink-900">Member</h1>
      <p className="text-ink-700">
        <Link to={`/profile/${userId}`} className="text-sage-700 underline">
          Open the member's profile
        </Link>{' '}
        ·{' '}
        <Link to="/admin" className="text-sage-700 underline">
          Back to the Admin Panel
        </Link>
      </p>
      <SecurityLog userId={userId} />
    </div>
  );
}
