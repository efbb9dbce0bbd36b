import type { MessagingDb } from './tables.ts';

/** The only place that speaks SQL about messaging's copy of billing's memberships. */

export async function findMembershipForUpdate(db: MessagingDb, membershipId: string) {
  return db
    .selectFrom('member_memberships')
    .selectAll()
    .where('membership_id', '=', membershipId)
    .forUpdate()
    .executeTakeFirst();
}

export async function saveMembership(
  db: MessagingDb,
  m: {
    membershipId: string;
    userId: string;
    status: 'active' | 'cancelled' | 'expired';
    expiresAt: Date | null;
    cancelAtPeriodEnd: boolean;
    occurredAt: Date;
  },
): Promise<void> {
  const values = {
    user_id: m.userId,
    status: m.status,
    expires_at: m.expiresAt,
    cancel_at_period_end: m.cancelAtPeriodEnd,
    occurred_at: m.occurredAt,
  };
  await db
    .insertInto('member_memberships')
    .values({ membership_id: m.membershipId, ...values })
    .onConflict((oc) => oc.column('membership_id').doUpdateSet(values))
    .execute();
}

export async function membershipsOf(db: MessagingDb, userId: string) {
  return db.selectFrom('member_memberships').selectAll().where('user_id', '=', userId).execute();
}

export async function deleteMembershipsOf(db: MessagingDb, userId: string): Promise<void> {
  await db.deleteFrom('member_memberships').where('user_id', '=', userId).execute();
}
