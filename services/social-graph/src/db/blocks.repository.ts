import type { SocialGraphDb } from './tables.ts';

/** The only place that speaks SQL about blocks, mutes, reports and dismissals. */

export async function insertBlock(db: SocialGraphDb, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .returning('blocker_id')
    .execute();
  return rows.length > 0;
}

export async function deleteBlock(db: SocialGraphDb, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .returning('blocker_id')
    .execute();
  return rows.length > 0;
}

/** Whether either member blocked the other. */
export async function blockedEitherWay(db: SocialGraphDb, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export async function listBlocks(db: SocialGraphDb, blockerId: string) {
  return db
    .selectFrom('blocks')
    .leftJoin('members', 'members.user_id', 'blocks.blocked_id')
    .select(['blocks.blocked_id as userId', 'members.name', 'members.image_url', 'blocks.created_at'])
    .where('blocks.blocker_id', '=', blockerId)
    .orderBy('blocks.created_at', 'desc')
    .orderBy('blocks.blocked_id')
    .execute();
}

export async function insertMute(db: SocialGraphDb, muterId: string, mutedId: string): Promise<boolean> {
  const rows = await db
    .insertInto('mutes')
    .values({ muter_id: muterId, muted_id: mutedId })
    .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing())
    .returning('muter_id')
    .execute();
  return rows.length > 0;
}

export async function deleteMute(db: SocialGraphDb, muterId: string, mutedId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('mutes')
    .where('muter_id', '=', muterId)
    .where('muted_id', '=', mutedId)
    .returning('muter_id')
    .execute();
  return rows.length > 0;
}

export async function listMutes(db: SocialGraphDb, muterId: string) {
  return db
    .selectFrom('mutes')
    .leftJoin('members', 'members.user_id', 'mutes.muted_id')
    .select(['mutes.muted_id as userId', 'members.name', 'members.image_url', 'mutes.created_at'])
    .where('mutes.muter_id', '=', muterId)
    .orderBy('mutes.created_at', 'desc')
    .orderBy('mutes.muted_id')
    .execute();
}

export async function insertReport(
  db: SocialGraphDb,
  report: { id: string; reporterId: string; reportedId: string; reason: string; details: string | null },
) {
  return db
    .insertInto('member_reports')
    .values({
      id: report.id,
      reporter_id: report.reporterId,
      reported_id: report.reportedId,
      reason: report.reason,
      details: report.details,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertDismissal(db: SocialGraphDb, userId: string, dismissedId: string): Promise<void> {
  await db
    .insertInto('recommendation_dismissals')
    .values({ user_id: userId, dismissed_user_id: dismissedId })
    .onConflict((oc) => oc.columns(['user_id', 'dismissed_user_id']).doNothing())
    .execute();
}

export async function dismissedBy(db: SocialGraphDb, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('recommendation_dismissals')
    .select('dismissed_user_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.dismissed_user_id);
}

/** Erasure: every block, mute, report and dismissal naming the member, on either side. */
export async function deleteSocialRowsOf(db: SocialGraphDb, memberId: string): Promise<void> {
  await db
    .deleteFrom('blocks')
    .where((eb) => eb.or([eb('blocker_id', '=', memberId), eb('blocked_id', '=', memberId)]))
    .execute();
  await db
    .deleteFrom('mutes')
    .where((eb) => eb.or([eb('muter_id', '=', memberId), eb('muted_id', '=', memberId)]))
    .execute();
  await db
    .deleteFrom('member_reports')
    .where((eb) => eb.or([eb('reporter_id', '=', memberId), eb('reported_id', '=', memberId)]))
    .execute();
  await db
    .deleteFrom('recommendation_dismissals')
    .where((eb) => eb.or([eb('user_id', '=', memberId), eb('dismissed_user_id', '=', memberId)]))
    .execute();
}
