import { Link, useParams } from '@mer/router';
import MemberAccountPanel from './MemberAccountPanel.tsx';
import MemberMembership from './MemberMembership.tsx';
import ModerationQueue from './ModerationQueue.tsx';
import SecurityLog from './SecurityLog.tsx';

/**
 * /admin/user-profile/{userId}: the member's account and its actions (identity), their membership (billing), reports
 * about the member and their content (with the queue's actions) and their security events.
 */
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
      <MemberAccountPanel userId={userId} />
      <MemberMembership userId={userId} />
      <ModerationQueue authorId={userId} />
      <SecurityLog userId={userId} />
    </div>
  );
}
