import type { SocialGraphDb } from './tables.ts';

/** The member's own rows for "Download my data". */
export async function memberExportRows(db: SocialGraphDb, memberId: string) {
  const [requests, blocks, mutes, reports, dismissals] = await Promise.all([
    db
      .selectFrom('connection_requests')
      .selectAll()
      .where((eb) => eb.or([eb('sender_id', '=', memberId), eb('receiver_id', '=', memberId)]))
      .orderBy('created_at')
      .execute(),
    db.selectFrom('blocks').selectAll().where('blocker_id', '=', memberId).orderBy('created_at').execute(),
    db.selectFrom('mutes').selectAll().where('muter_id', '=', memberId).orderBy('created_at').execute(),
    db
      .selectFrom('member_reports')
      .selectAll()
      .where('reporter_id', '=', memberId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('recommendation_dismissals')
      .selectAll()
      .where('user_id', '=', memberId)
      .orderBy('created_at')
      .execute(),
  ]);
  return { requests, blocks, mutes, reports, dismissals };
}
