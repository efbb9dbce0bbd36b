import type { Kysely } from 'kysely';
import type { ProfileOnboardingTables, MemberMembershipRow, MemberRolesRow } from './tables.ts';

/** SQL about the copies badges are computed from: billing's memberships and identity's roles. */

export async function membershipsOf(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
): Promise<MemberMembershipRow[]> {
  return db.selectFrom('member_memberships').selectAll().where('user_id', '=', userId).execute();
}

/** One membership's copy, locked until the transaction ends (events about it apply one after another). */
export async function findMembershipForUpdate(
  db: Kysely<ProfileOnboardingTables>,
  membershipId: string,
): Promise<MemberMembershipRow | undefined> {
  return db
    .selectFrom('member_memberships')
    .selectAll()
    .where('membership_id', '=', membershipId)
    .forUpdate()
    .executeTakeFirst();
}

export interface MembershipCopyRow {
  membershipId: string;
  userId: string;
  planName: string;
  innerCircle: boolean;
  status: string;
  expiresAt: Date | null;
  cancelAtPeriodEnd: boolean;
  occurredAt: Date;
}

/** Inserts or replaces the membership's copy (the caller decided the event is the newer news). */
export async function saveMembership(
  db: Kysely<ProfileOnboardingTables>,
  m: MembershipCopyRow,
): Promise<void> {
  const values = {
    user_id: m.userId,
    plan_name: m.planName,
    inner_circle: m.innerCircle,
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

export async function findMemberRoles(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
): Promise<MemberRolesRow | undefined> {
  return db.selectFrom('member_roles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Records the member's roles unless a newer announcement (by occurredAt) is already recorded. */
export async function saveMemberRoles(
  db: Kysely<ProfileOnboardingTables>,
  r: { userId: string; roles: string[]; isAdmin: boolean; occurredAt: Date },
): Promise<void> {
  const values = { roles: JSON.stringify(r.roles), is_admin: r.isAdmin, occurred_at: r.occurredAt };
  await db
    .insertInto('member_roles')
    .values({ user_id: r.userId, ...values })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet(values).where('member_roles.occurred_at', '<', r.occurredAt),
    )
    .execute();
}
