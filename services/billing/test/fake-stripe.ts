import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the part of Stripe's API billing calls (form-encoded requests,
 * JSON answers, Stripe's list and error shapes). Stripe's servers cannot run here; this stands in
 * for them, and records every request so tests can assert what billing asked for.
 */
export interface FakeStripe {
  url: string;
  requests: { method: string; path: string; form: URLSearchParams }[];
  /** Subscriptions the fake knows (retrieve, list by customer). */
  subscriptions: Map<
    string,
    {
      id: string;
      customer: string;
      status: string;
      periodEnd: number;
      metadata: Record<string, string>;
      cancel_at_period_end?: boolean;
    }
  >;
  customers: Map<string, { id: string; email: string }>;
  /** Make the next calls fail with a Stripe API error. */
  failing: boolean;
  /** While set, a subscription's DELETE (cancel now) is received but not answered until the promise settles. */
  holdSubscriptionDeletes?: Promise<void>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${(++counter).toString().padStart(6, '0')}`;
  const fake: Omit<FakeStripe, 'url' | 'close'> = {
    requests: [],
    subscriptions: new Map(),
    customers: new Map(),
    failing: false,
  };
  const subscriptionObject = (id: string) => {
    const s = fake.subscriptions.get(id)!;
    return {
      id: s.id,
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      cancel_at_period_end: s.cancel_at_period_end ?? false,
      metadata: s.metadata,
      items: {
        object: 'list',
        data: [{ id: `si_${s.id}`, object: 'subscription_item', current_period_end: s.periodEnd }],
      },
    };
  };
  const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const raw = await readBody(request);
    const form = new URLSearchParams(
      request.method === 'GET' || request.method === 'DELETE' ? url.search : raw,
    );
    fake.requests.push({ method: request.method ?? 'GET', path: url.pathname, form });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
      response.end(JSON.stringify(body));
    };
    if (!request.headers.authorization?.startsWith('Bearer sk_test_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (fake.failing)
      return send(400, { error: { type: 'invalid_request_error', message: 'Simulated failure' } });
    const path = url.pathname;
    const subscriptionMatch = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (request.method === 'POST' && path === '/v1/coupons') {
      return send(200, {
        id: nextId('coupon'),
        object: 'coupon',
        percent_off: Number(form.get('percent_off')),
        duration: form.get('duration'),
      });
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = nextId('cs_test');
      return send(200, {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        url: `https://checkout.stripe.test/c/pay/${id}`,
      });
    }
    if (request.method === 'GET' && subscriptionMatch && fake.subscriptions.has(subscriptionMatch[1]!)) {
      return send(200, subscriptionObject(subscriptionMatch[1]!));
    }
    if (request.method === 'POST' && subscriptionMatch && fake.subscriptions.has(subscriptionMatch[1]!)) {
      const s = fake.subscriptions.get(subscriptionMatch[1]!)!;
      if (form.has('cancel_at_period_end'))
        s.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      return send(200, subscriptionObject(s.id));
    }
    if (request.method === 'DELETE' && subscriptionMatch && fake.subscriptions.has(subscriptionMatch[1]!)) {
      await fake.holdSubscriptionDeletes;
      fake.subscriptions.get(subscriptionMatch[1]!)!.status = 'canceled';
      return send(200, subscriptionObject(subscriptionMatch[1]!));
    }
    if (request.method === 'GET' && path === '/v1/customers') {
      const email = form.get('email');
      return send(
        200,
        list(
          [...fake.customers.values()]
            .filter((c) => c.email === email)
            .map((c) => ({ ...c, object: 'customer' })),
          path,
        ),
      );
    }
    if (request.method === 'GET' && path === '/v1/subscriptions') {
      const customer = form.get('customer');
      const status = form.get('status');
      const found = [...fake.subscriptions.values()].filter(
        (s) => s.customer === customer && (!status || s.status === status),
      );
      return send(
        200,
        list(
          found.map((s) => subscriptionObject(s.id)),
          path,
        ),
      );
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      return send(200, {
        id: nextId('bps'),
        object: 'billing_portal.session',
        url: `https://billing.stripe.test/p/session/${form.get('customer')}`,
      });
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `No such route ${request.method} ${path}` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    get failing() {
      return fake.failing;
    },
    set failing(value: boolean) {
      fake.failing = value;
    },
    get holdSubscriptionDeletes() {
      return fake.holdSubscriptionDeletes;
    },
    set holdSubscriptionDeletes(value: Promise<void> | undefined) {
      fake.holdSubscriptionDeletes = value;
    },
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
