import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderSubscription,
  type StripeFormatEvent,
} from './provider.ts';
import { periodEndOfSubscription } from './stripe-events.ts';

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
