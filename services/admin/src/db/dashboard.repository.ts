import type { AdminDb } from './tables.ts';

/** The only SQL about the dashboard's figures. */

export async function bumpWeeklyCount(db: AdminDb, metric: string, week: string, by = 1): Promise<void> {
  await db
    .insertInto('weekly_counts')
    .values({ metric, week_start: week, count: by })
    .onConflict((oc) =>
      oc
        .columns(['metric', 'week_start'])
        .doUpdateSet((eb) => ({ count: eb('weekly_counts.count', '+', by) })),
    )
    .execute();
}

export async function weeklyCounts(
  db: AdminDb,
  weeks: readonly string[],
): Promise<{ metric: string; week_start: string; count: number }[]> {
  return db
    .selectFrom('weekly_counts')
    .selectAll()
    .where('week_start', 'in', [...weeks])
    .execute();
}

export async function totalOf(db: AdminDb, metric: string): Promise<number> {
  const row = await db
    .selectFrom('weekly_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('count'), eb.lit(0)).as('n'))
    .where('metric', '=', metric)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordActivity(db: AdminDb, userId: string, week: string): Promise<void> {
  await db
    .insertInto('member_activity')
    .values({ user_id: userId, week_start: week })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function activeMembers(db: AdminDb, week: string): Promise<number> {
  const row = await db
    .selectFrom('member_activity')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('week_start', '=', week)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A member joined; false when they were known already (the total counts each member once). */
export async function addMember(db: AdminDb, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .insertInto('members')
    .values({ user_id: userId, registered_at: at })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export async function countMembers(db: AdminDb): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function forgetMemberFigures(db: AdminDb, userId: string): Promise<void> {
  await db.deleteFrom('members').where('user_id', '=', userId).execute();
  await db.deleteFrom('member_activity').where('user_id', '=', userId).execute();
}
