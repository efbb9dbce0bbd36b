import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { addBillingCycle } from '../domain/membership.ts';
import { prorate } from '../domain/proration.ts';
import type { CheckoutRequest, PaymentProvider, StripeFormatEvent } from './provider.ts';
import { planProductId } from './stripe-events.ts';
import { verifyStripeSignature } from './stripe-provider.ts';

/**
 * The built-in test checkout (no Stripe key configured): billing serves the payment page itself.
 * Paying signs a Stripe-format event with a secret made at start and feeds it through the same
 * webhook code as Stripe's, so the whole flow after "Pay" is the real one.
 */
export interface TestPaymentProvider extends PaymentProvider {
  kind: 'test';
  /** A signed checkout.session.completed event for a paid test checkout, as Stripe would post it. */
  signedCheckoutCompleted(checkout: {
    checkoutId: string;
    userId: string;
    planId: string;
    sessionId: string;
    /** What the member pays now (the checkout's amount after the invitation discount). */
    amountCents: number;
  }): {
    rawBody: Buffer;
    signature: string;
  };
  /**
   * A signed customer.subscription.updated for a test subscription moved to another plan, as Stripe
   * posts it after a plan change (the item's price points to the plan's product).
   */
  signedSubscriptionUpdated(subscription: {
    subscriptionId: string;
    customerId: string | null;
    userId: string;
    planId: string;
    billingCycle: 'monthly' | 'yearly';
    unitAmountCents: number;
    periodEnd: Date;
  }): { rawBody: Buffer; signature: string };
}

export function createTestProvider(): TestPaymentProvider {
  const secret = `whsec_local_${randomBytes(24).toString('hex')}`;
  // Only the signature helpers are used: this client never makes a request.
  const stripe = new Stripe('sk_test_local_checkout_never_sent', { telemetry: false });
  const sign = (event: StripeFormatEvent & Record<string, unknown>) => {
    const payload = JSON.stringify(event);
    return {
      rawBody: Buffer.from(payload),
      signature: stripe.webhooks.generateTestHeaderString({ payload, secret }),
    };
  };
  return {
    kind: 'test',
    async createCheckout(request: CheckoutRequest) {
      return {
        sessionId: `cs_test_${request.checkoutId.replace(/-/g, '')}`,
        // Relative: the page is served by this site, whatever address the browser reached it at.
        url: `/api/v1/billing/test-checkout/${request.checkoutId}`,
      };
    },
    verifyWebhook(rawBody, signature) {
      return verifyStripeSignature(stripe, rawBody, signature, secret);
    },
    async subscriptionPeriodEnd() {
      return null; // billing counts one billing cycle from the payment
    },
    async cancelAtPeriodEnd() {},
    async cancelNow() {},
    async previewPlanChange(request) {
      // The same arithmetic Stripe applies (domain/proration.ts); no card, so nothing can decline.
      return prorate({
        current: {
          unitAmountCents: request.current.unitAmountCents,
          billingCycle: request.current.billingCycle,
          periodEnd:
            request.current.periodEnd ?? addBillingCycle(request.prorationDate, request.current.billingCycle),
        },
        next: request.next,
        at: request.prorationDate,
      });
    },
    async changePlan(request) {
      // The use case then posts the signed subscription update (signedSubscriptionUpdated).
      const { nextRenewalAt } = await this.previewPlanChange(request);
      return { outcome: 'changed', periodEnd: nextRenewalAt };
    },
    async portalUrl() {
      return null;
    },
    async findActiveSubscriptions() {
      return []; // the test checkout keeps no records outside billing's own tables
    },
    signedCheckoutCompleted(checkout) {
      const event: StripeFormatEvent & Record<string, unknown> = {
        id: `evt_test_${randomUUID().replace(/-/g, '')}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: {
          object: {
            id: checkout.sessionId,
            object: 'checkout.session',
            mode: 'subscription',
            status: 'complete',
            payment_status: 'paid',
            client_reference_id: checkout.checkoutId,
            customer: `cus_test_${checkout.userId.replace(/-/g, '')}`,
            subscription: `sub_test_${checkout.checkoutId.replace(/-/g, '')}`,
            // The first invoice, paid at once (Stripe's session names it too; billing records it once).
            invoice: `in_test_${checkout.checkoutId.replace(/-/g, '')}`,
            amount_total: checkout.amountCents,
            currency: 'eur',
            metadata: { checkoutId: checkout.checkoutId, userId: checkout.userId, planId: checkout.planId },
          },
        },
      };
      return sign(event);
    },
    signedSubscriptionUpdated(subscription) {
      const periodEnd = Math.floor(subscription.periodEnd.getTime() / 1000);
      return sign({
        id: `evt_test_${randomUUID().replace(/-/g, '')}`,
        object: 'event',
        type: 'customer.subscription.updated',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: {
          object: {
            id: subscription.subscriptionId,
            object: 'subscription',
            status: 'active',
            customer: subscription.customerId,
            cancel_at_period_end: false,
            metadata: { userId: subscription.userId, planId: subscription.planId },
            items: {
              object: 'list',
              data: [
                {
                  id: `si_test_${subscription.subscriptionId}`,
                  object: 'subscription_item',
                  current_period_end: periodEnd,
                  price: {
                    object: 'price',
                    currency: 'eur',
                    unit_amount: subscription.unitAmountCents,
                    product: planProductId(subscription.planId),
                    recurring: { interval: subscription.billingCycle === 'monthly' ? 'month' : 'year' },
                  },
                },
              ],
            },
          },
        },
      });
    },
  };
}
