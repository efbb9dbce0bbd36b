import type { Circle } from '@mer/contracts';
import { Link } from '@mer/router';
import { toApiError } from '@mer/api-client';
import { Alert, Badge, Button } from '@mer/design-system';
import { useJoinCircle, useLeaveCircle } from '../api/circles.ts';
import { CATEGORY_LABELS, membershipAction, standingLabel } from '../domain/circles.ts';
import { ReportButton } from './ReportButton.tsx';

/** The circle's name, where it meets, its size, the member's standing and their one membership action. */
export function CircleHeader({ circle, about }: { circle: Circle; about?: boolean }) {
  const join = useJoinCircle(circle.id);
  const leave = useLeaveCircle(circle.id);
  const action = membershipAction(circle);
  const standing = standingLabel(circle.myStanding);
  const failed = join.error ?? leave.error;
  return (
    <header className="space-y-3">
      {circle.coverUrl ? (
        <img
          src={circle.coverUrl}
          alt=""
          className="max-h-60 w-full rounded-[var(--radius-card)] object-cover"
        />
      ) : null}
      <h1 className="font-display text-3xl text-ink-900">{circle.name}</h1>
      <p className="text-ink-600">
        {CATEGORY_LABELS[circle.category]} · {circle.city?.label ?? 'Online'} ·{' '}
        {circle.memberCount === 1 ? '1 member' : `${circle.memberCount} members`} · held by{' '}
        {circle.holder.name}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {circle.approvalStatus === 'pending' ? <Badge tone="gold">Waiting for approval</Badge> : null}
        {circle.approvalStatus === 'rejected' ? <Badge tone="clay">Not approved</Badge> : null}
        {circle.hidden ? <Badge tone="clay">Hidden by a moderator</Badge> : null}
        {standing ? <Badge tone="sage">{standing}</Badge> : null}
        {action ? (
          <Button
            size="sm"
            variant={action.kind === 'join' ? 'primary' : 'secondary'}
            loading={join.isPending || leave.isPending}
            onClick={() => (action.kind === 'join' ? join.mutate() : leave.mutate())}
          >
            {action.label}
          </Button>
        ) : null}
        <Link
          to={about ? `/circles/${circle.id}` : `/circles/${circle.id}/about`}
          className="text-sm font-semibold text-sage-700 hover:underline"
        >
          {about ? 'Back to the circle' : 'About this circle'}
        </Link>
        <ReportButton targetType="circle" targetId={circle.id} ownerId={circle.holder.userId} />
      </div>
      {circle.approvalStatus === 'pending' ? (
        <p className="text-sm text-ink-600">
          An admin will look at this circle soon. Only you can see it until it is approved.
        </p>
      ) : null}
      {circle.approvalStatus === 'rejected' && circle.rejectionReason ? (
        <p className="rounded-2xl bg-clay-100 p-3 text-sm text-clay-700">
          Not approved: {circle.rejectionReason}
        </p>
      ) : null}
      {failed ? (
        <Alert tone="error" title="That did not work">
          {toApiError(failed).message}
        </Alert>
      ) : null}
    </header>
  );
}
