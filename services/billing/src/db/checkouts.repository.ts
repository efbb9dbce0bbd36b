import type { BillingDb, CheckoutRow, ProviderKind } from './tables.ts';

/** The only place that speaks SQL about checkouts. */

export async function insertCheckout(
  db: BillingDb,
  checkout: {
    id: string;
    userId: string;
    planId: string;
    listPriceCents: number;
    discountPercent: number | null;
    amountCents: number;
    provider: ProviderKind;
  },
): Promise<CheckoutRow> {
  return db
    .insertInto('checkouts')
    .values({
      id: checkout.id,
      user_id: checkout.userId,
      membership_type_id: checkout.planId,
      list_price_cents: checkout.listPriceCents,
      discount_percent: checkout.discountPercent,
      amount_cents: checkout.amountCents,
      provider: checkout.provider,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setCheckoutSession(db: BillingDb, id: string, sessionId: string): Promise<void> {
  await db
    .updateTable('checkouts')
    .set({ provider_session_id: sessionId })
    .where('id', '=', id)
    .execute();
}

export async function findCheckout(db: BillingDb, id: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Open → completed or cancelled, once; false when the checkout was no longer open. */
export async function closeCheckout(
  db: BillingDb,
  id: string,
  status: 'completed' | 'cancelled',
): Promise<boolean> {
  const result = await db
    .updateTable('checkouts')
    .set({ status, completed_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
