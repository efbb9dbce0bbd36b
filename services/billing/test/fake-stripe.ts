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
      /** The current period's start (default: 30 days before its end). */
      periodStart?: number;
      /** The item's price: amount per period, product, interval (default 1200, a checkout's product, month). */
      unitAmount?: number;
      product?: string;
      interval?: 'month' | 'year';
      pendingUpdate?: boolean;
    }
  >;
  customers: Map<string, { id: string; email: string }>;
  products: Map<string, { id: string; name: string; metadata: Record<string, string> }>;
  /** Make the next calls fail with a Stripe API error. */
  failing: boolean;
  /** While set, a subscription's DELETE (cancel now) is received but not answered until the promise settles. */
  holdSubscriptionDeletes?: Promise<void>;
  /** The customer's card declines: invoices for plan changes cannot be paid. */
  declining: boolean;
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
    products: new Map(),
    failing: false,
    declining: false,
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
      pending_update: s.pendingUpdate ? { subscription_items: [] } : null,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${s.id}`,
            object: 'subscription_item',
            current_period_start: periodStartOf(s),
            current_period_end: s.periodEnd,
            price: {
              id: `price_${s.id}_${s.unitAmount ?? 1200}`,
              object: 'price',
              currency: 'eur',
              unit_amount: s.unitAmount ?? 1200,
              product: s.product ?? 'prod_from_checkout',
              recurring: { interval: s.interval ?? 'month' },
            },
          },
        ],
      },
    };
  };
  const periodStartOf = (s: { periodEnd: number; periodStart?: number }) =>
    s.periodStart ?? s.periodEnd - 30 * 86_400;
  /**
   * Stripe's proration of an item change at `prorationDate` (to the second, whole cents per line): a
   * credit line for the unused time of the old price, a charge line for the new one. To another
   * interval the period restarts and the new price is charged whole.
   */
  const prorationLines = (
    s: { periodEnd: number; periodStart?: number; unitAmount?: number; interval?: string },
    item: { unitAmount: number; interval: string },
    prorationDate: number,
  ) => {
    const start = periodStartOf(s);
    const remaining = Math.min(s.periodEnd - start, Math.max(0, s.periodEnd - prorationDate));
    const share = (cents: number) => Math.round((cents * remaining) / (s.periodEnd - start));
    const period = { start: prorationDate, end: s.periodEnd };
    const credit = {
      object: 'line_item',
      amount: -share(s.unitAmount ?? 1200),
      description: 'Unused time',
      period,
      parent: { type: 'subscription_item_details', subscription_item_details: { proration: true } },
    };
    if (item.interval !== (s.interval ?? 'month')) {
      const end = prorationDate + (item.interval === 'year' ? 365 : 30) * 86_400;
      return [
        credit,
        {
          object: 'line_item',
          amount: item.unitAmount,
          description: 'New period',
          period: { start: prorationDate, end },
        },
      ];
    }
    return [
      credit,
      {
        object: 'line_item',
        amount: share(item.unitAmount),
        description: 'Remaining time',
        period,
        parent: { type: 'subscription_item_details', subscription_item_details: { proration: true } },
      },
    ];
  };
  /** items[0][...] of a form-encoded subscription update or preview, under `prefix`. */
  const itemChange = (form: URLSearchParams, prefix: string) => {
    const unit = form.get(`${prefix}[0][price_data][unit_amount]`);
    if (unit === null) return null;
    return {
      itemId: form.get(`${prefix}[0][id]`),
      unitAmount: Number(unit),
      product: form.get(`${prefix}[0][price_data][product]`) ?? '',
      interval: form.get(`${prefix}[0][price_data][recurring][interval]`) ?? 'month',
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
      for (const [key, value] of form) {
        const name = key.match(/^metadata\[(.+)\]$/)?.[1];
        if (name) s.metadata[name] = value;
      }
      const change = itemChange(form, 'items');
      if (change) {
        if (change.itemId !== `si_${s.id}`)
          return send(400, {
            error: { type: 'invalid_request_error', message: 'No such subscription item' },
          });
        if (!fake.products.has(change.product))
          return send(400, {
            error: { type: 'invalid_request_error', message: `No such product: '${change.product}'` },
          });
        const at = Number(form.get('proration_date') ?? Math.floor(Date.now() / 1000));
        const lines = prorationLines(s, change, at);
        const due = lines.reduce((sum, line) => sum + line.amount, 0);
        // A declined card with pending_if_incomplete: the update waits, nothing changes.
        if (fake.declining && due > 0 && form.get('payment_behavior') === 'pending_if_incomplete') {
          s.pendingUpdate = true;
          return send(200, subscriptionObject(s.id));
        }
        if (change.interval !== (s.interval ?? 'month')) {
          s.periodStart = at;
          s.periodEnd = Math.max(...lines.map((line) => line.period.end));
        }
        Object.assign(s, {
          unitAmount: change.unitAmount,
          product: change.product,
          interval: change.interval,
        });
        s.pendingUpdate = false;
      }
      return send(200, subscriptionObject(s.id));
    }
    if (request.method === 'POST' && path === '/v1/invoices/create_preview') {
      const s = fake.subscriptions.get(form.get('subscription') ?? '');
      const change = itemChange(form, 'subscription_details[items]');
      if (!s || !change)
        return send(400, {
          error: { type: 'invalid_request_error', message: 'Missing subscription or items' },
        });
      const at = Number(form.get('subscription_details[proration_date]') ?? Math.floor(Date.now() / 1000));
      const lines = prorationLines(s, change, at);
      return send(200, {
        object: 'invoice',
        customer: s.customer,
        amount_due: Math.max(
          0,
          lines.reduce((sum, line) => sum + line.amount, 0),
        ),
        lines: list(lines, '/v1/invoices/upcoming/lines'),
      });
    }
    const productMatch = path.match(/^\/v1\/products\/([^/]+)$/);
    if (request.method === 'GET' && productMatch) {
      const product = fake.products.get(productMatch[1]!);
      if (!product)
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such product' },
        });
      return send(200, { ...product, object: 'product' });
    }
    if (request.method === 'POST' && path === '/v1/products') {
      const id = form.get('id') ?? nextId('prod');
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const name = key.match(/^metadata\[(.+)\]$/)?.[1];
        if (name) metadata[name] = value;
      }
      fake.products.set(id, { id, name: form.get('name') ?? '', metadata });
      return send(200, { ...fake.products.get(id), object: 'product' });
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
    get declining() {
      return fake.declining;
    },
    set declining(value: boolean) {
      fake.declining = value;
    },
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
