import { DomainError } from '@mer/service-runtime';
import { WebhookSignatureError } from '../adapters/provider.ts';
import { interpretStripeEvent } from '../adapters/stripe-events.ts';
import type { BillingDeps } from '../deps.ts';
import { applyProviderEvent } from './payments.ts';

/**
 * The one way a payment reaches billing, for Stripe and for the test checkout alike: verify the
 * signature over the raw bytes, then apply the event once. A bad signature changes nothing and
 * is logged as a security event.
 */
export async function receiveProviderWebhook(
  deps: BillingDeps,
  rawBody: Buffer,
  signature: string | undefined,
  origin: { ip?: string; requestId?: string } = {},
): Promise<{ received: true; outcome: 'applied' | 'duplicate' | 'ignored' }> {
  let event;
  try {
    event = deps.provider.verifyWebhook(rawBody, signature);
  } catch (err) {
    if (!(err instanceof WebhookSignatureError)) throw err;
    deps.log.warn(
      {
        securityEvent: true,
        eventType: 'payment_webhook_signature_invalid',
        severity: 'high',
        ip: origin.ip,
        requestId: origin.requestId,
        reason: err.message,
      },
      'payment webhook rejected: invalid signature',
    );
    throw new DomainError('invalid_data', {
      title: 'Invalid Signature',
      message: 'The webhook signature could not be verified.',
    });
  }
  const outcome = await applyProviderEvent(deps, event, interpretStripeEvent(event));
  deps.log.info({ eventId: event.id, type: event.type, outcome }, 'payment webhook handled');
  return { received: true, outcome };
}
