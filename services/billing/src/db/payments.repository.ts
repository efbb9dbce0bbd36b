import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { BillingDb, PaymentKind, PaymentRow, ProviderKind } from './tables.ts';

/** The only place that speaks SQL about payments (money collected, one row per paid provider invoice). */

export interface NewPayment {
  invoiceId: string;
  provider: ProviderKind;
  userId: string | null;
  subscriptionId: string | null;
  kind: PaymentKind;
  amountCents: number;
  /** ISO 4217, any case (Stripe sends lower case). */
  currency: string;
  paidAt: Date;
}

/** Records a paid invoice once: a second report of the same invoice (another event, a redelivery) changes nothing. */
export async function recordPayment(db: BillingDb, payment: NewPayment): Promise<boolean> {
  const inserted = await db
    .insertInto('payments')
    .values({
      id: randomUUID(),
      provider_invoice_id: payment.invoiceId,
      provider: payment.provider,
      user_id: payment.userId,
      subscription_id: payment.subscriptionId,
      kind: payment.kind,
      amount_cents: payment.amountCents,
      currency: payment.currency.toUpperCase(),
      paid_at: payment.paidAt,
    })
    .onConflict((oc) => oc.column('provider_invoice_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A member's latest payments, newest first. */
export async function listMemberPayments(
  db: BillingDb,
  userId: string,
  limit: number,
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('paid_at', 'desc')
    .limit(limit)
    .execute();
}

/** Money collected per calendar month (UTC, 'YYYY-MM') and currency, from `from` on. */
export async function sumPaymentsByMonth(
  db: BillingDb,
  from: Date,
): Promise<{ month: string; currency: string; amountCents: number }[]> {
  const month = sql<string>`to_char(paid_at at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .selectFrom('payments')
    .select([month.as('month'), 'currency', (eb) => eb.fn.sum<string>('amount_cents').as('total')])
    .where('paid_at', '>=', from)
    .groupBy([month, 'currency'])
    .execute();
  return rows.map((row) => ({ month: row.month, currency: row.currency, amountCents: Number(row.total) }));
}
