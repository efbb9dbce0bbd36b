import { randomUUID } from 'node:crypto';
import { UserRegistered, type EventEnvelope } from '@mer/contracts';
import { startService, type Logger, type RunningService, type Subscription } from '@mer/service-runtime';
import { createTokenIssuer, eventEnvelope, eventually, type TestInfra } from '@mer/service-runtime/testing';
import { pino } from 'pino';
import { billingService, type BillingConfig } from '../src/index.ts';
import type { BillingDeps } from '../src/deps.ts';
import type { BillingTables } from '../src/db/tables.ts';

export { createTokenIssuer, eventually };

/** Log lines the service wrote, parsed (to assert security events). */
export interface CapturedLogs {
  logger: Logger;
  lines: Record<string, unknown>[];
}

export function captureLogs(): CapturedLogs {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    {
      write(line: string) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
        if (process.env.BILLING_TEST_DEBUG && line.includes('"level":50')) console.error(line);
      },
    },
  ) as unknown as Logger;
  return { logger, lines };
}

export interface BillingHarness {
  service: RunningService<BillingConfig, BillingTables, BillingDeps>;
  /** Every billing.* event published, in order. */
  published: EventEnvelope[];
  logs: CapturedLogs;
  tokens: Awaited<ReturnType<typeof createTokenIssuer>>;
  stop(): Promise<void>;
}

/** billing started exactly as in production, on this test's infra, watching what it publishes. */
export async function startBilling(
  infra: TestInfra,
  env: Record<string, string> = {},
): Promise<BillingHarness> {
  const tokens = await createTokenIssuer();
  const logs = captureLogs();
  const service = await startService(billingService, {
    databases: infra.databases,
    bus: infra.bus,
    store: infra.store,
    logger: logs.logger,
    schema: infra.schemaFor('billing'),
    verifier: tokens.verifier,
    env: { PUBLIC_URL: 'http://mer.test', ...env },
  });
  const published: EventEnvelope[] = [];
  const observer: Subscription = await infra.bus.subscribe({
    durable: `test-observer-${randomUUID().slice(0, 8)}`,
    subject: 'billing.>',
    handler: async (event) => {
      published.push(event);
    },
  });
  return {
    service,
    published,
    logs,
    tokens,
    async stop() {
      await observer.stop();
      await service.stop();
    },
  };
}

export interface TestMember {
  userId: string;
  email: string;
  token: string;
}

/** A member as identity announces one; waits until billing has its copy. */
export async function registerMember(
  infra: TestInfra,
  harness: BillingHarness,
  discountPercent: number | null = null,
): Promise<TestMember> {
  const userId = randomUUID();
  const email = `member-${userId.slice(0, 8)}@example.com`;
  await infra.bus.publish(
    eventEnvelope(UserRegistered, {
      userId,
      email,
      name: 'Ana Lua',
      username: `ana_${userId.slice(0, 8)}`,
      discountPercent,
      emailConfirmationUrl: 'http://mer.test/confirm-email?token=x',
      registeredAt: new Date().toISOString(),
    }),
  );
  await eventually(() =>
    harness.service.context.db
      .selectFrom('members')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
  return { userId, email, token: await harness.tokens.token({ sub: userId }) };
}

export async function call(
  harness: BillingHarness,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  return fetch(`${harness.service.url}${path}`, { method, headers, body, redirect: 'manual' });
}

export const eventsFor = (harness: BillingHarness, userId: string, subject?: string) =>
  harness.published.filter(
    (e) => (e.payload as { userId?: string }).userId === userId && (!subject || e.subject === subject),
  );

/** Lets the outbox relay and the bus deliver whatever is pending (to assert that nothing more came). */
export const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));
