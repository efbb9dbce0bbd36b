import type { Circle } from '@mer/contracts';
import { Link } from '@mer/router';
import { Badge, Card } from '@mer/design-system';
import { CATEGORY_LABELS, standingLabel } from '../domain/circles.ts';
import { circlePath } from '../domain/circle-path.ts';

export function CircleCard({ circle, children }: { circle: Circle; children?: React.ReactNode }) {
  const standing = standingLabel(circle.myStanding);
  return (
    <Card padding="md" className="flex gap-4" data-testid="circle-card">
      {circle.coverUrl ? (
        <img src={circle.coverUrl} alt="" className="size-20 shrink-0 rounded-2xl object-cover" />
      ) : null}
      <div className="min-w-0 flex-1 space-y-1">
        <h3 className="font-display text-xl text-ink-900">
          <Link to={circlePath(circle.id)} className="hover:underline">
            {circle.name}
          </Link>
        </h3>
        <p className="text-sm text-ink-600">
          {CATEGORY_LABELS[circle.category]} · {circle.city?.label ?? 'Online'} ·{' '}
          {circle.memberCount === 1 ? '1 member' : `${circle.memberCount} members`}
        </p>
        <div className="flex flex-wrap gap-2">
          {circle.approvalStatus === 'pending' ? <Badge tone="gold">Waiting for approval</Badge> : null}
          {circle.approvalStatus === 'rejected' ? <Badge tone="clay">Not approved</Badge> : null}
          {standing ? <Badge tone="sage">{standing}</Badge> : null}
        </div>
        {children}
      </div>
    </Card>
  );
}
