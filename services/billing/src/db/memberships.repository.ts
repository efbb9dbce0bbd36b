import { sql } from 'kysely';
import type { BillingDb, MembershipRow, ProviderKind } from './tables.ts';

/** The only place that speaks SQL about memberships, checkouts and handled provider events. */

/** The member's membership that counts: a current active one first, else the latest. */
export async function findCurrentMembership(
  db: BillingDb,
  userId: string,
): Promise<MembershipRow | undefined> {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy(
      sql`case when status = 'active' and (expires_at is null or expires_at > now()) then 0 else 1 end`,
    )
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findMembershipBySubscription(
  db: BillingDb,
  subscriptionId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<MembershipRow | undefined> {
  let query = db.selectFrom('memberships').selectAll().where('provider_subscription_id', '=', subscriptionId);
  if (opts.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Inserts a membership unless one exists for the subscription; the new row, or undefined. */
export async function insertMembershipIfAbsent(
  db: BillingDb,
  membership: {
    id: string;
    userId: string;
    planId: string;
    expiresAt: Date | null;
    provider: ProviderKind;
    customerId: string | null;
    subscriptionId: string;
    unitAmountCents?: number | null;
  },
): Promise<MembershipRow | undefined> {
  return db
    .insertInto('memberships')
    .values({
      id: membership.id,
      user_id: membership.userId,
      membership_type_id: membership.planId,
      status: 'active',
      expires_at: membership.expiresAt,
      provider: membership.provider,
      provider_customer_id: membership.customerId,
      provider_subscription_id: membership.subscriptionId,
      unit_amount_cents: membership.unitAmountCents ?? null,
    })
    .onConflict((oc) => oc.column('provider_subscription_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * When a change cancels (cancel at period end asked, or the subscription ended), the first such moment is kept in
 * cancelled_at for the admins' monthly figures; withdrawing a cancel at period end (Stripe's portal) clears it.
 */
function cancellationTime(changes: { status?: string; cancel_at_period_end?: boolean }) {
  if (changes.status === 'cancelled' || changes.cancel_at_period_end === true)
    return { cancelled_at: sql<Date>`coalesce(cancelled_at, now())` };
  if (changes.cancel_at_period_end === false)
    return { cancelled_at: sql<Date | null>`case when status = 'cancelled' then cancelled_at end` };
  return {};
}

export async function updateMembership(
  db: BillingDb,
  id: string,
  changes: Partial<
    Pick<
      MembershipRow,
      | 'status'
      | 'expires_at'
      | 'cancel_at_period_end'
      | 'last_payment_failed_at'
      | 'membership_type_id'
      | 'unit_amount_cents'
      | 'plan_changed_at'
    >
  >,
): Promise<MembershipRow> {
  return db
    .updateTable('memberships')
    .set({ ...changes, ...cancellationTime(changes), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Active memberships past their expiry, locked for this transaction (other sweepers skip them). */
export async function lockExpiredActiveMemberships(db: BillingDb, limit: number): Promise<MembershipRow[]> {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('status', '=', 'active')
    .where('expires_at', '<=', new Date())
    .orderBy('expires_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Records a provider event id; false when it was handled before (or is being handled right now). */
export async function recordProviderEvent(db: BillingDb, id: string, type: string): Promise<boolean> {
  const inserted = await db
    .insertInto('provider_events')
    .values({ id, type })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Active memberships of a member (to end them when the account is deleted). */
export async function listActiveMemberships(db: BillingDb, userId: string): Promise<MembershipRow[]> {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .execute();
}

/** Records a confirmed plan change with the prorated amounts shown to the member. */
export async function insertPlanChange(
  db: BillingDb,
  change: {
    id: string;
    membershipId: string;
    userId: string;
    fromPlanId: string;
    toPlanId: string;
    provider: ProviderKind;
    prorationDate: Date;
    creditCents: number;
    chargeCents: number;
  },
): Promise<void> {
  await db
    .insertInto('plan_changes')
    .values({
      id: change.id,
      membership_id: change.membershipId,
      user_id: change.userId,
      from_plan_id: change.fromPlanId,
      to_plan_id: change.toPlanId,
      provider: change.provider,
      proration_date: change.prorationDate,
      credit_cents: change.creditCents,
      charge_cents: change.chargeCents,
    })
    .execute();
}

/** The dates of every membership that may count in a window starting at `from` (the admins' monthly figures). */
export async function listMembershipDatesSince(
  db: BillingDb,
  from: Date,
): Promise<{ started_at: Date; expires_at: Date | null; cancelled_at: Date | null }[]> {
  return db
    .selectFrom('memberships')
    .select(['started_at', 'expires_at', 'cancelled_at'])
    .where((eb) =>
      eb.or([
        eb('expires_at', 'is', null),
        eb('expires_at', '>=', from),
        eb('started_at', '>=', from),
        eb('cancelled_at', '>=', from),
      ]),
    )
    .execute();
}

/** What each membership running now charges per period, and its plan's cycle and currency (for MRR). */
export async function listRunningMembershipPrices(
  db: BillingDb,
  now: Date,
): Promise<{ amountCents: number; billingCycle: 'monthly' | 'yearly'; currency: string }[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('membership_types', 'membership_types.id', 'memberships.membership_type_id')
    .select([
      'memberships.unit_amount_cents',
      'membership_types.price_cents',
      'membership_types.billing_cycle',
      'membership_types.currency',
    ])
    .where('memberships.status', '=', 'active')
    .where((eb) => eb.or([eb('memberships.expires_at', 'is', null), eb('memberships.expires_at', '>', now)]))
    .execute();
  // Memberships from before plan changes were recorded charge their plan's price.
  return rows.map((row) => ({
    amountCents: row.unit_amount_cents ?? row.price_cents,
    billingCycle: row.billing_cycle,
    currency: row.currency,
  }));
}
