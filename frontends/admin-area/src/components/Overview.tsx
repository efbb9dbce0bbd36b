import { describeError } from '@mer/api-client';
import { Alert, Card, PagePlaceholder } from '@mer/design-system';
import { useDashboard, type Dashboard } from '../api/admin.ts';
import Revenue from './Revenue.tsx';

type Series = Dashboard['postsPerWeek'];

/** A bar per week: a person reads the trend at a glance; the numbers are there for screen readers and exactness. */
function WeekBars({ title, series }: { title: string; series: Series }) {
  const max = Math.max(1, ...series.map((w) => w.count));
  return (
    <Card padding="lg">
      <h3 className="text-sm font-semibold text-ink-700">{title}</h3>
      <p className="mt-1 text-2xl font-semibold text-ink-900">{series.at(-1)?.count ?? 0} this week</p>
      <ol aria-label={`${title} per week`} className="mt-3 flex h-24 items-end gap-1">
        {series.map((week) => (
          <li
            key={week.weekStart}
            title={`Week of ${week.weekStart}: ${week.count}`}
            aria-label={`Week of ${week.weekStart}: ${week.count}`}
            className="flex-1 rounded-t bg-sage-500/70"
            style={{ height: `${Math.max(4, (week.count / max) * 100)}%` }}
          />
        ))}
      </ol>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card padding="lg">
      <p className="text-sm text-ink-600">{label}</p>
      <p className="text-3xl font-semibold text-ink-900">{value}</p>
    </Card>
  );
}

/** The dashboard: members, activity, what waits for an admin, and memberships and revenue (billing). */
export default function Overview() {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <PagePlaceholder label="Loading the figures…" />;
  if (dashboard.isError) {
    const { title, description } = describeError(dashboard.error);
    return (
      <Alert tone="error" title={title}>
        {description}
      </Alert>
    );
  }
  const d = dashboard.data;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label="Members" value={d.members.total} />
        <Figure label="Active this week" value={d.members.activeThisWeek} />
        <Figure label="Open reports" value={d.openReports} />
        <Figure label="Unresolved security events" value={d.unresolvedSecurityEvents} />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <WeekBars title="New members" series={d.members.newPerWeek} />
        <WeekBars title="New memberships" series={d.memberships.newPerWeek} />
        <WeekBars title="Posts" series={d.postsPerWeek} />
        <WeekBars title="Messages" series={d.messagesPerWeek} />
      </div>
      <Revenue />
    </div>
  );
}
