import { startService, type Subscription } from '@mer/service-runtime';
import {
  createTestInfra,
  createTokenIssuer,
  type TestInfra,
  type TestTokenIssuer,
} from '@mer/service-runtime/testing';
import type { EventEnvelope } from '@mer/contracts';
import { adminService } from '../src/index.ts';

/** The admin service started as in production on real PostgreSQL, NATS and Redis (else the embedded engines). */
export interface AdminHarness {
  infra: TestInfra;
  tokens: TestTokenIssuer;
  service: Awaited<ReturnType<typeof startAdmin>>;
  /** Events admin published, in order. */
  published: EventEnvelope[];
  close(): Promise<void>;
}

function startAdmin(infra: TestInfra, tokens: TestTokenIssuer, env: Record<string, string>) {
  return startService(adminService, {
    ...infra,
    schema: infra.schemaFor('admin'),
    verifier: tokens.verifier,
    env,
  });
}

export async function startAdminHarness(env: Record<string, string> = {}): Promise<AdminHarness> {
  const infra = await createTestInfra();
  const tokens = await createTokenIssuer();
  const service = await startAdmin(infra, tokens, env);
  const published: EventEnvelope[] = [];
  const observer: Subscription = await infra.bus.subscribe({
    durable: 'test-observer',
    subject: 'admin.>',
    handler: async (event) => {
      published.push(event);
    },
  });
  return {
    infra,
    tokens,
    service,
    published,
    async close() {
      await observer.stop();
      await service.stop();
      await infra.close();
    },
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function call(
  h: AdminHarness,
  method: Method,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${h.service.url}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
