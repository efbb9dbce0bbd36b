import { billingRoutes } from '@mer/contracts';
import { registerRoute, type App } from '@mer/service-runtime';
import { cancelTestCheckout, openTestCheckout, payTestCheckout } from '../use-cases/checkout.ts';
import type { BillingDeps } from '../deps.ts';
import { receiveProviderWebhook } from '../use-cases/webhook.ts';
import { renderTestCheckoutPage, TEST_CHECKOUT_STYLESHEET } from '../adapters/test-checkout-page.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/**
 * The provider's side: Stripe's webhook and the built-in test checkout. Each lives in its own
 * Fastify scope so its body parsing (raw bytes for the signature, an HTML form) stays local.
 */
export async function registerPaymentRoutes(app: App, deps: BillingDeps): Promise<void> {
  await app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent: keep them beside the parsed JSON.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const raw = body as Buffer;
      request.rawBody = raw;
      try {
        done(null, JSON.parse(raw.toString('utf8')));
      } catch {
        done(Object.assign(new Error('Invalid JSON'), { statusCode: 400 }), undefined);
      }
    });
    registerRoute(scope, billingRoutes.stripeWebhook, async (request) => {
      const signature = request.headers['stripe-signature'];
      const { received } = await receiveProviderWebhook(
        deps,
        request.rawBody ?? Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
        { ip: request.ip, requestId: request.id },
      );
      return { received };
    });
  });

  await app.register(async (scope) => {
    // The test checkout's buttons are plain HTML forms with no fields; their bodies carry nothing.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, done) => done(null, undefined),
    );
    registerRoute(scope, billingRoutes.testCheckoutPage, async (request, reply) => {
      const { checkout, plan } = await openTestCheckout(deps, request.params.checkoutId);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderTestCheckoutPage(checkout, plan));
    });
    registerRoute(scope, billingRoutes.testCheckoutStylesheet, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/css; charset=utf-8')
        .send(TEST_CHECKOUT_STYLESHEET),
    );
    registerRoute(scope, billingRoutes.testCheckoutPay, async (request, reply) =>
      reply.redirect(await payTestCheckout(deps, request.params.checkoutId), 303),
    );
    registerRoute(scope, billingRoutes.testCheckoutCancel, async (request, reply) =>
      reply.redirect(await cancelTestCheckout(deps, request.params.checkoutId), 303),
    );
  });
}
