import type { PaymentKind } from '../db/tables.ts';
import type { StripeFormatEvent } from './provider.ts';

/** Money an invoice collected, as the event reports it (Stripe names the invoice in both events of a first payment). */
export interface PaidInvoice {
  invoiceId: string;
  kind: PaymentKind;
  amountCents: number;
  currency: string;
  /** When it was paid; null: when the event was made. */
  paidAt: Date | null;
}

/**
 * What a Stripe event means for a membership. Reads both the older and the current API shapes
 * (a subscription's period end moved to its items, an invoice's subscription under `parent`).
 */
export type PaymentFact =
  | {
      kind: 'checkout_completed';
      checkoutId: string | null;
      userId: string | null;
      planId: string | null;
      subscriptionId: string;
      customerId: string | null;
      /** The first invoice, when the session names it and says it is paid. */
      payment: PaidInvoice | null;
    }
  | {
      kind: 'invoice_paid';
      subscriptionId: string;
      customerId: string | null;
      userId: string | null;
      planId: string | null;
      periodEnd: Date | null;
      payment: PaidInvoice | null;
    }
  | { kind: 'payment_failed'; subscriptionId: string }
  | {
      kind: 'subscription_updated';
      subscriptionId: string;
      cancelAtPeriodEnd: boolean;
      periodEnd: Date | null;
      /** The plan the subscription is now for (a plan change), when it can be told. */
      planId: string | null;
      unitAmountCents: number | null;
    }
  | { kind: 'subscription_ended'; subscriptionId: string; endedAt: Date }
  | { kind: 'ignored'; reason: string };

type Obj = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
/** An id field Stripe sends either as the id or as the expanded object. */
const idOf = (v: unknown): string | null => str(v) ?? str(obj(v).id);
const fromUnix = (v: unknown): Date | null => (typeof v === 'number' && v > 0 ? new Date(v * 1000) : null);

/** The end of a subscription's current period (on the subscription or, since 2025, on its items). */
export function periodEndOfSubscription(subscription: Obj): Date | null {
  const direct = fromUnix(subscription.current_period_end);
  if (direct) return direct;
  const items = obj(subscription.items).data;
  if (Array.isArray(items)) {
    const ends = items
      .map((item) => fromUnix(obj(item).current_period_end))
      .filter((d): d is Date => d !== null);
    if (ends.length) return new Date(Math.max(...ends.map((d) => d.getTime())));
  }
  return null;
}

const PLAN_PRODUCT_PREFIX = 'mer_plan_';

/** The Stripe product billing keeps for a plan (a changed subscription item's price points to it). */
export function planProductId(planId: string): string {
  return `${PLAN_PRODUCT_PREFIX}${planId.replace(/-/g, '')}`;
}

function planIdOfProduct(productId: string | null): string | null {
  if (!productId?.startsWith(PLAN_PRODUCT_PREFIX)) return null;
  const hex = productId.slice(PLAN_PRODUCT_PREFIX.length);
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The plan and price a subscription is for: its item's price points to a plan's product after a
 * plan change; a subscription from a checkout names its plan in its metadata.
 */
export function planOfSubscription(subscription: Obj): {
  planId: string | null;
  unitAmountCents: number | null;
} {
  const items = obj(subscription.items).data;
  const price = obj(obj(Array.isArray(items) ? items[0] : undefined).price);
  const unit = typeof price.unit_amount === 'number' ? price.unit_amount : null;
  return {
    planId: planIdOfProduct(idOf(price.product)) ?? str(obj(subscription.metadata).planId),
    unitAmountCents: unit,
  };
}

function invoiceSubscription(invoice: Obj): { subscriptionId: string | null; metadata: Obj } {
  const details = obj(obj(invoice.parent).subscription_details);
  const legacyDetails = obj(invoice.subscription_details);
  return {
    subscriptionId: idOf(details.subscription) ?? idOf(invoice.subscription),
    metadata: { ...obj(legacyDetails.metadata), ...obj(details.metadata) },
  };
}

function invoicePeriodEnd(invoice: Obj): Date | null {
  const lines = obj(invoice.lines).data;
  if (Array.isArray(lines)) {
    const ends = lines
      .map((line) => fromUnix(obj(obj(line).period).end))
      .filter((d): d is Date => d !== null);
    if (ends.length) return new Date(Math.max(...ends.map((d) => d.getTime())));
  }
  return fromUnix(invoice.period_end);
}

const INVOICE_KINDS: Record<string, PaymentKind> = {
  subscription_create: 'first_payment',
  subscription_cycle: 'renewal',
  subscription_update: 'plan_change',
};

/** What a paid invoice collected (amount_paid, in its currency); null without an id, amount or currency. */
function paidInvoice(invoice: Obj): PaidInvoice | null {
  const invoiceId = str(invoice.id);
  const currency = str(invoice.currency);
  if (!invoiceId || !currency || typeof invoice.amount_paid !== 'number') return null;
  return {
    invoiceId,
    kind: INVOICE_KINDS[str(invoice.billing_reason) ?? ''] ?? 'other',
    amountCents: invoice.amount_paid,
    currency,
    paidAt: fromUnix(obj(invoice.status_transitions).paid_at),
  };
}

/** A paid subscription checkout's first invoice (amount_total); null unless paid and naming its invoice. */
function checkoutPayment(session: Obj): PaidInvoice | null {
  const invoiceId = idOf(session.invoice);
  const currency = str(session.currency);
  if (session.payment_status !== 'paid' || !invoiceId || !currency) return null;
  if (typeof session.amount_total !== 'number') return null;
  return { invoiceId, kind: 'first_payment', amountCents: session.amount_total, currency, paidAt: null };
}

export function interpretStripeEvent(event: StripeFormatEvent): PaymentFact {
  const object = obj(event.data.object);
  switch (event.type) {
    case 'checkout.session.completed': {
      if (object.mode !== 'subscription') return { kind: 'ignored', reason: 'not a subscription checkout' };
      const subscriptionId = idOf(object.subscription);
      if (!subscriptionId) return { kind: 'ignored', reason: 'checkout without a subscription' };
      const metadata = obj(object.metadata);
      return {
        kind: 'checkout_completed',
        checkoutId: str(metadata.checkoutId) ?? str(object.client_reference_id),
        userId: str(metadata.userId),
        planId: str(metadata.planId),
        subscriptionId,
        customerId: idOf(object.customer),
        payment: checkoutPayment(object),
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const { subscriptionId, metadata } = invoiceSubscription(object);
      if (!subscriptionId) return { kind: 'ignored', reason: 'invoice without a subscription' };
      return {
        kind: 'invoice_paid',
        subscriptionId,
        customerId: idOf(object.customer),
        userId: str(metadata.userId),
        planId: str(metadata.planId),
        periodEnd: invoicePeriodEnd(object),
        payment: paidInvoice(object),
      };
    }
    case 'invoice.payment_failed': {
      const { subscriptionId } = invoiceSubscription(object);
      if (!subscriptionId) return { kind: 'ignored', reason: 'invoice without a subscription' };
      return { kind: 'payment_failed', subscriptionId };
    }
    case 'customer.subscription.updated': {
      const subscriptionId = str(object.id);
      if (!subscriptionId) return { kind: 'ignored', reason: 'subscription without an id' };
      if (object.status === 'canceled') {
        return {
          kind: 'subscription_ended',
          subscriptionId,
          endedAt: fromUnix(object.ended_at) ?? new Date(),
        };
      }
      return {
        kind: 'subscription_updated',
        subscriptionId,
        cancelAtPeriodEnd: object.cancel_at_period_end === true || typeof object.cancel_at === 'number',
        periodEnd: periodEndOfSubscription(object),
        ...planOfSubscription(object),
      };
    }
    case 'customer.subscription.deleted': {
      const subscriptionId = str(object.id);
      if (!subscriptionId) return { kind: 'ignored', reason: 'subscription without an id' };
      return { kind: 'subscription_ended', subscriptionId, endedAt: fromUnix(object.ended_at) ?? new Date() };
    }
    default:
      return { kind: 'ignored', reason: `unhandled event type ${event.type}` };
  }
}
