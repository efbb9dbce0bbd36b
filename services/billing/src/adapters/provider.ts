import type { ProviderKind } from '../db/tables.ts';

/** What billing asks of a payment provider: Stripe, or the built-in test checkout that stands in for it. */
export interface CheckoutRequest {
  checkoutId: string;
  userId: string;
  email: string | null;
  plan: { id: string; name: string; billingCycle: 'monthly' | 'yearly' };
  /** The price per period before the discount (early bird or regular), in cents. */
  unitAmountCents: number;
  discountPercent: number | null;
  successUrl: string;
  cancelUrl: string;
}

/** A subscription the provider reports as active (the admin sync). */
export interface ProviderSubscription {
  subscriptionId: string;
  customerId: string | null;
  planId: string | null;
  userId: string | null;
  periodEnd: Date | null;
}

/** Moving a subscription to another plan, prorated from `prorationDate`. */
export interface PlanChangeRequest {
  subscriptionId: string;
  customerId: string | null;
  userId: string;
  current: {
    planId: string;
    billingCycle: 'monthly' | 'yearly';
    /** What the subscription charges per period now. */
    unitAmountCents: number;
    periodEnd: Date | null;
  };
  next: { planId: string; name: string; billingCycle: 'monthly' | 'yearly'; unitAmountCents: number };
  prorationDate: Date;
}

/** The provider's prorated amounts for a plan change, in cents. */
export interface ProrationQuote {
  creditCents: number;
  chargeCents: number;
  nextRenewalAt: Date | null;
}

export interface PaymentProvider {
  kind: ProviderKind;
  /** Creates the provider's payment page for a checkout; its id and where to send the browser. */
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Verifies a webhook's signature over the raw body and returns the event; throws
   * WebhookSignatureError when it does not match (tampered, wrong secret, too old).
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): StripeFormatEvent;
  /** End of the current paid period of a subscription, when the provider can tell. */
  subscriptionPeriodEnd(subscriptionId: string): Promise<Date | null>;
  /** Stops renewal: the subscription ends with its current period. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Ends a subscription now (the member's account was deleted). */
  cancelNow(subscriptionId: string): Promise<void>;
  /** What a plan change would credit and charge, computed by the provider. */
  previewPlanChange(request: PlanChangeRequest): Promise<ProrationQuote>;
  /**
   * Moves the subscription to the new plan now, invoicing the prorations at once, and tells the end
   * of its period after the change. 'payment_failed': the charge for an upgrade failed and the
   * subscription stays as it was.
   */
  changePlan(
    request: PlanChangeRequest,
  ): Promise<{ outcome: 'changed'; periodEnd: Date | null } | { outcome: 'payment_failed' }>;
  /** Stripe's customer portal, or null when the provider has none. */
  portalUrl(customerId: string, returnUrl: string): Promise<string | null>;
  /** Active subscriptions of a customer e-mail (the admin sync). */
  findActiveSubscriptions(email: string): Promise<ProviderSubscription[]>;
}

/** A Stripe event as it arrives (Stripe's format; the test checkout makes the same). */
export interface StripeFormatEvent {
  id: string;
  type: string;
  created?: number;
  data: { object: Record<string, unknown> };
}

export class WebhookSignatureError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookSignatureError';
  }
}
