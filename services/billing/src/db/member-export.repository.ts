import type { BillingDb } from './tables.ts';

/* What billing holds about one member, for "Download my data"; every select names its columns. */

export async function memberForExport(db: BillingDb, userId: string) {
  return db
    .selectFrom('members')
    .select(['name', 'email', 'registered_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function membershipsForExport(db: BillingDb, userId: string) {
  return db
    .selectFrom('memberships')
    .leftJoin('membership_types', 'membership_types.id', 'memberships.membership_type_id')
    .select([
      'memberships.id',
      'memberships.membership_type_id',
      'membership_types.name as plan_name',
      'memberships.status',
      'memberships.started_at',
      'memberships.expires_at',
      'memberships.cancel_at_period_end',
      'memberships.provider',
      'memberships.provider_customer_id',
      'memberships.provider_subscription_id',
      'memberships.last_payment_failed_at',
      'memberships.cancelled_at',
      'memberships.updated_at',
    ])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.started_at')
    .execute();
}

export async function paymentsForExport(db: BillingDb, userId: string) {
  return db
    .selectFrom('payments')
    .select(['provider_invoice_id', 'kind', 'amount_cents', 'currency', 'paid_at'])
    .where('user_id', '=', userId)
    .orderBy('paid_at')
    .execute();
}

/** Checkouts without the provider's session id: it opens the payment page, so it stays out of files. */
export async function checkoutsForExport(db: BillingDb, userId: string) {
  return db
    .selectFrom('checkouts')
    .leftJoin('membership_types', 'membership_types.id', 'checkouts.membership_type_id')
    .select([
      'checkouts.id',
      'checkouts.membership_type_id',
      'membership_types.name as plan_name',
      'checkouts.list_price_cents',
      'checkouts.discount_percent',
      'checkouts.amount_cents',
      'checkouts.provider',
      'checkouts.status',
      'checkouts.created_at',
      'checkouts.completed_at',
    ])
    .where('checkouts.user_id', '=', userId)
    .orderBy('checkouts.created_at')
    .execute();
}

export async function discountsForExport(db: BillingDb, userId: string) {
  return db
    .selectFrom('discounts')
    .select(['percent', 'source', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}
