import type { Dashboard } from '@mer/contracts';
import {
  activeMembers,
  addMember,
  bumpWeeklyCount,
  countMembers,
  recordActivity,
  totalOf,
  weeklyCounts,
} from '../db/dashboard.repository.ts';
import { countOpenItems } from '../db/moderation.repository.ts';
import { countUnresolved } from '../db/security-events.repository.ts';
import type { AdminDeps, AdminTx } from '../deps.ts';
import { lastWeeks, weekStart } from '../domain/weeks.ts';

/** The weeks the dashboard's charts show. */
export const DASHBOARD_WEEKS = 8;

export type Metric = 'members' | 'memberships' | 'posts' | 'messages' | 'reports';

/** One more of something in the week of `at` (each event is counted once: consumers are idempotent). */
export async function countWeekly(tx: AdminTx, metric: Metric, at: Date): Promise<void> {
  await bumpWeeklyCount(tx.trx, metric, weekStart(at));
}

/** The member did something this week (posted, sent a message, reported). */
export async function noteActivity(tx: AdminTx, userId: string, week: string): Promise<void> {
  await recordActivity(tx.trx, userId, week);
}

export async function memberJoined(tx: AdminTx, userId: string, at: Date): Promise<void> {
  if (await addMember(tx.trx, userId, at)) await countWeekly(tx, 'members', at);
}

/** Something a member did that the dashboard counts, and that makes them active that week. */
export async function memberActed(tx: AdminTx, metric: Metric, userId: string, at: Date): Promise<void> {
  await countWeekly(tx, metric, at);
  await noteActivity(tx, userId, weekStart(at));
}

export async function dashboard(deps: AdminDeps, now = new Date()): Promise<Dashboard> {
  const weeks = lastWeeks(now, DASHBOARD_WEEKS);
  const [counts, total, active, memberships, openReports, unresolved] = await Promise.all([
    weeklyCounts(deps.db, weeks),
    countMembers(deps.db),
    activeMembers(deps.db, weekStart(now)),
    totalOf(deps.db, 'memberships'),
    countOpenItems(deps.db),
    countUnresolved(deps.db),
  ]);
  const series = (metric: Metric) =>
    weeks.map((week) => ({
      weekStart: week,
      count: counts.find((c) => c.metric === metric && c.week_start === week)?.count ?? 0,
    }));
  return {
    members: { total, activeThisWeek: active, newPerWeek: series('members') },
    memberships: { activated: memberships, newPerWeek: series('memberships') },
    postsPerWeek: series('posts'),
    messagesPerWeek: series('messages'),
    reportsPerWeek: series('reports'),
    openReports,
    unresolvedSecurityEvents: unresolved,
    weeks: DASHBOARD_WEEKS,
  };
}
