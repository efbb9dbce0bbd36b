import type { Kysely } from 'kysely';
import { typed, type CheckoutRow, type ProviderKind } from './tables.ts';

/** The only place that speaks SQL about checkouts. */

export async function insertCheckout(
  db: Kysely<any>,
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
  return typed(db)
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

export async function setCheckoutSession(db: Kysely<any>, id: string, sessionId: string): Promise<void> {
  await typed(db)
    .updateTable('checkouts')
    .set({ provider_session_id: sessionId })
    .where('id', '=', id)
    .execute();
}

export async function findCheckout(db: Kysely<any>, id: string): Promise<CheckoutRow | undefined> {
  return typed(db).selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Open → completed or cancelled, once; false when the checkout was no longer open. */
export async function closeCheckout(
  db: Kysely<any>,
  id: string,
  status: 'completed' | 'cancelled',
): Promise<boolean> {
  const result = await typed(db)
    .updateTable('checkouts')
    .set({ status, completed_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
