import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@mer/contracts';
import { eventsBySubject, ErrorBody } from '@mer/contracts';
import { assertValidEvent, startService, type RunningService, type Subscription } from '@mer/service-runtime';
import { eventually, type TestInfra } from '@mer/service-runtime/testing';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { identityService } from '../src/index.ts';
import type { IdentityConfig } from '../src/config.ts';
import type { IdentityDb } from '../src/db/tables.ts';
import type { IdentityDeps, IdentityTables } from '../src/deps.ts';

export const OPERATOR_KEY = 'test-operator-key-0123456789abcdef';
export const ADMIN_EMAIL = 'admin@mer.test';
export const ADMIN_PASSWORD = 'admin-password-for-tests';
export const PUBLIC_URL = 'https://mer.test';

export interface IdentityUnderTest {
  url: string;
  running: RunningService<IdentityConfig, IdentityTables, IdentityDeps>;
  db: IdentityDb;
  stop(): Promise<void>;
}

/** Starts identity on the test infrastructure, with settings tests can rely on. */
export async function startIdentity(
  infra: TestInfra,
  env: Record<string, string> = {},
  schema = infra.schemaFor('identity'),
): Promise<IdentityUnderTest> {
  const running = await startService(identityService, {
    ...infra,
    schema,
    env: {
      NODE_ENV: 'test',
      PUBLIC_URL,
      OPERATOR_KEY,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      JWKS_URL: 'http://127.0.0.1:9/unused',
      ...env,
    },
  });
  return { url: running.url, running, db: running.context.db, stop: () => running.stop() };
}

/**
 * Every identity event published while the test runs, read from the bus through a durable
 * consumer of its own, and checked against its contract on arrival.
 */
export class PublishedEvents {
  readonly all: EventEnvelope<any>[] = [];
  readonly contractViolations: string[] = [];
  private subscription?: Subscription;

  static async listen(infra: TestInfra, subject = 'identity.>'): Promise<PublishedEvents> {
    const events = new PublishedEvents();
    events.subscription = await infra.bus.subscribe({
      durable: `identity-test-${randomBytes(4).toString('hex')}`,
      subject,
      handler: async (event) => {
        const def = eventsBySubject.get(event.subject);
        try {
          if (!def) throw new Error(`no contract for ${event.subject}`);
          assertValidEvent(def, event);
        } catch (err) {
          events.contractViolations.push(String(err));
        }
        events.all.push(event);
      },
    });
    return events;
  }

  of<P = any>(subject: string, where: (payload: P) => boolean = () => true): EventEnvelope<P>[] {
    return this.all.filter((e) => e.subject === subject && where(e.payload as P)) as EventEnvelope<P>[];
  }

  /** Waits for the first event of a subject whose payload matches. */
  async next<P = any>(
    subject: string,
    where: (payload: P) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<EventEnvelope<P>> {
    return eventually(() => this.of<P>(subject, where)[0], timeoutMs);
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }
}

export interface Reply<B = any> {
  status: number;
  body: B;
  headers: Headers;
  setCookies: string[];
}

/** A browser-like client: keeps the refresh cookie, sends a bearer token when it has one. */
export class Client {
  refreshCookie?: string;
  accessToken?: string;

  constructor(
    readonly baseUrl: string,
    readonly ip = '203.0.113.10',
  ) {}

  async call<B = any>(
    method: string,
    path: string,
    opts: {
      body?: unknown;
      rawBody?: string;
      contentType?: string;
      token?: string | null;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Reply<B>> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...opts.headers };
    const token = opts.token === undefined ? this.accessToken : opts.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.refreshCookie && path.startsWith('/api/v1/identity/sessions'))
      headers.cookie = `mer_refresh=${this.refreshCookie}`;
    let payload: string | undefined;
    if (opts.rawBody !== undefined) payload = opts.rawBody;
    else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
    if (payload !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      ...(payload !== undefined ? { body: payload } : {}),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: kept as text for the assertion to show */
    }
    const setCookies = response.headers.getSetCookie();
    for (const cookie of setCookies) {
      const match = /^mer_refresh=([^;]*)/.exec(cookie);
      if (!match) continue;
      const cleared = !match[1] || /max-age=0/i.test(cookie) || /expires=thu, 01 jan 1970/i.test(cookie);
      this.refreshCookie = cleared ? undefined : match[1];
    }
    return { status: response.status, body: body as B, headers: response.headers, setCookies };
  }

  get = <B = any>(path: string, opts?: Parameters<Client['call']>[2]) => this.call<B>('GET', path, opts);
  post = <B = any>(path: string, body?: unknown, opts?: Parameters<Client['call']>[2]) =>
    this.call<B>('POST', path, { ...opts, ...(body !== undefined ? { body } : {}) });
  delete = <B = any>(path: string, opts?: Parameters<Client['call']>[2]) =>
    this.call<B>('DELETE', path, opts);

  /** Logs in and keeps the session (access token and refresh cookie). */
  async logIn(identifier: string, password: string, rememberMe = false): Promise<Reply> {
    const reply = await this.post('/api/v1/identity/sessions', { identifier, password, rememberMe });
    if (reply.status === 200) this.accessToken = reply.body.accessToken;
    return reply;
  }
}

const errorBody = TypeCompiler.Compile(ErrorBody);
export function isErrorBody(body: unknown): boolean {
  return errorBody.Check(body);
}

/** The token of a one-time link (the part after #token=). */
export function tokenOf(url: string): string {
  const token = new URL(url).hash.replace(/^#token=/, '');
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}

export function signupBody(overrides: Partial<Record<string, string>> = {}) {
  const suffix = randomBytes(3).toString('hex');
  return {
    invitationCode: '',
    name: 'Mira Sol',
    username: `mira_${suffix}`,
    email: `mira.${suffix}@example.org`,
    password: 'lotus-flower-42',
    confirmPassword: 'lotus-flower-42',
    ...overrides,
  };
}
