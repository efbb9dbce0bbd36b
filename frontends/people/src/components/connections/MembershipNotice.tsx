import { Link } from '@mer/router';
import { Alert, buttonClassName } from '@mer/design-system';
import { useSocialGraphAccess } from '../../api/social-graph-hooks.ts';

/**
 * The /connections extra guard's visible half: a member without an active membership sees the lists but is told,
 * in social-graph's words, why Connect and Accept are missing, with the way to a membership.
 */
export function MembershipNotice({ className }: { className?: string }) {
  const { data } = useSocialGraphAccess();
  if (!data || !data.onboarded || data.membershipActive) return null;
  return (
    <Alert
      tone="warning"
      className={className}
      title="An active membership is needed to connect with members."
      action={
        <Link to="/membership" className={buttonClassName('secondary', 'sm')}>
          See memberships
        </Link>
      }
    >
      You can still answer requests by declining them, withdraw your own and manage your connections.
    </Alert>
  );
}
