import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentProvider,
  type PlanChangeRequest,
  type ProrationQuote,
  type ProviderSubscription,
  type StripeFormatEvent,
} from './provider.ts';
import { periodEndOfSubscription, planProductId } from './stripe-events.ts';

/**
 * Plan changes invoice their prorations at once (an upgrade is paid now, a downgrade's credit goes
 * to the customer's balance for the next invoices), and an upgrade whose payment fails is not
 * applied (pending_if_incomplete), so nobody gets a dearer plan unpaid.
 */
const PRORATION_BEHAVIOR = 'always_invoice' as const;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API base (stripe-mock, a test double speaking Stripe's API); unset: api.stripe.com. */
  apiBase?: string;
}

/** A Stripe client pointed at Stripe, or at `apiBase` (host, port and protocol taken from it). */
export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  };
  if (apiBase) {
    const url = new URL(apiBase);
    Object.assign(config, {
      host: url.hostname,
      port: url.port || (url.protocol === 'https:' ? '443' : '80'),
      protocol: url.protocol.replace(':', ''),
    });
  }
  return new Stripe(secretKey, config);
}

/** Verifies a Stripe-Signature header over the raw body with Stripe's own code. */
export function verifyStripeSignature(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): StripeFormatEvent {
  if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret) as unknown as StripeFormatEvent;
  } catch (err) {
    throw new WebhookSignatureError((err as Error).message);
  }
}

/** Stripe: Checkout Sessions in subscription mode, the invitation discount as a coupon. */
export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = createStripeClient(opts.secretKey, opts.apiBase);

  /** The product of a plan, made the first time a subscription moves to it (ids are ours: mer_plan_<id>). */
  async function planProduct(plan: PlanChangeRequest['next']): Promise<string> {
    const id = planProductId(plan.planId);
    try {
      await stripe.products.retrieve(id);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 404) throw err;
      await stripe.products.create({ id, name: plan.name, metadata: { planId: plan.planId } });
    }
    return id;
  }

  /** The subscription's item moved to the new plan's price (price_data: the plan's current price). */
  async function changedItems(request: PlanChangeRequest) {
    const subscription = await stripe.subscriptions.retrieve(request.subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`subscription ${request.subscriptionId} has no item`);
    return [
      {
        id: item.id,
        price_data: {
          currency: 'eur',
          product: await planProduct(request.next),
          unit_amount: request.next.unitAmountCents,
          recurring: {
            interval: request.next.billingCycle === 'monthly' ? ('month' as const) : ('year' as const),
          },
        },
      },
    ];
  }

  return {
    kind: 'stripe',
    async createCheckout(request: CheckoutRequest) {
      const metadata = { checkoutId: request.checkoutId, userId: request.userId, planId: request.plan.id };
      let coupon: string | undefined;
      if (request.discountPercent) {
        // The invitation discount applies to the first payment (duration once).
        const created = await stripe.coupons.create({
          percent_off: request.discountPercent,
          duration: 'once',
          name: `Invitation discount ${request.discountPercent}%`,
        });
        coupon = created.id;
      }
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        client_reference_id: request.checkoutId,
        ...(request.email ? { customer_email: request.email } : {}),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: request.unitAmountCents,
              recurring: { interval: request.plan.billingCycle === 'monthly' ? 'month' : 'year' },
              product_data: { name: request.plan.name },
            },
          },
        ],
        ...(coupon ? { discounts: [{ coupon }] } : {}),
        metadata,
        subscription_data: { metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    verifyWebhook(rawBody, signature) {
      return verifyStripeSignature(stripe, rawBody, signature, opts.webhookSecret);
    },
    async subscriptionPeriodEnd(subscriptionId) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      return periodEndOfSubscription(subscription as unknown as Record<string, unknown>);
    },
    async cancelAtPeriodEnd(subscriptionId) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    },
    async cancelNow(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },
    async previewPlanChange(request): Promise<ProrationQuote> {
      // Stripe's own proration, for exactly the moment the member will confirm (proration_date).
      const preview = await stripe.invoices.createPreview({
        ...(request.customerId ? { customer: request.customerId } : {}),
        subscription: request.subscriptionId,
        subscription_details: {
          items: await changedItems(request),
          proration_behavior: PRORATION_BEHAVIOR,
          proration_date: Math.floor(request.prorationDate.getTime() / 1000),
        },
      });
      let creditCents = 0;
      let chargeCents = 0;
      let nextRenewal = 0;
      for (const line of preview.lines.data) {
        if (line.amount < 0) creditCents -= line.amount;
        else chargeCents += line.amount;
        nextRenewal = Math.max(nextRenewal, line.period?.end ?? 0);
      }
      return {
        creditCents,
        chargeCents,
        nextRenewalAt: nextRenewal ? new Date(nextRenewal * 1000) : request.current.periodEnd,
      };
    },
    async changePlan(request) {
      let updated: Stripe.Subscription;
      try {
        updated = await stripe.subscriptions.update(request.subscriptionId, {
          items: await changedItems(request),
          proration_behavior: PRORATION_BEHAVIOR,
          proration_date: Math.floor(request.prorationDate.getTime() / 1000),
          payment_behavior: 'pending_if_incomplete',
        });
      } catch (err) {
        if ((err as { type?: string }).type === 'StripeCardError') return { outcome: 'payment_failed' };
        throw err;
      }
      // Declined or awaiting the member's bank: Stripe keeps the change pending and applies nothing.
      if (updated.pending_update) return { outcome: 'payment_failed' };
      // Pending updates take no metadata: the plan is named in a second call (the admin sync reads it).
      await stripe.subscriptions.update(request.subscriptionId, {
        metadata: { userId: request.userId, planId: request.next.planId },
      });
      return {
        outcome: 'changed',
        periodEnd: periodEndOfSubscription(updated as unknown as Record<string, unknown>),
      };
    },
    async portalUrl(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },
    async findActiveSubscriptions(email) {
      const found: ProviderSubscription[] = [];
      const customers = await stripe.customers.list({ email, limit: 10 });
      for (const customer of customers.data) {
        const subscriptions = await stripe.subscriptions.list({
          customer: customer.id,
          status: 'active',
          limit: 10,
        });
        for (const subscription of subscriptions.data) {
          const raw = subscription as unknown as Record<string, unknown>;
          const metadata = (raw.metadata ?? {}) as Record<string, string>;
          found.push({
            subscriptionId: subscription.id,
            customerId: customer.id,
            planId: metadata.planId ?? null,
            userId: metadata.userId ?? null,
            periodEnd: periodEndOfSubscription(raw),
          });
        }
      }
      return found;
    },
  };
}
