/// <reference lib="dom" />
/**
 * Shared setup of the browser tests: Debian's chromium through playwright-core, the MER under test (an
 * already running one at MER_E2E_BASE_URL, or an embedded topology started here), and small API helpers
 * for what a test needs beside the browser (invitation codes, the e-mail outbox).
 */
import { existsSync } from 'node:fs';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.MER_E2E_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const FRONTENDS = fileURLToPath(new URL('../../frontends/', import.meta.url));

/** Why the browser tests cannot run here, or undefined when they can. */
export function browserTestsUnavailable(): string | undefined {
  if (!existsSync(CHROMIUM_PATH))
    return `chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set MER_E2E_CHROMIUM)`;
  for (const app of ['shell', 'access']) {
    if (
      !existsSync(join(FRONTENDS, app, 'dist', 'index.html')) &&
      !existsSync(join(FRONTENDS, app, 'dist', 'remoteEntry.js'))
    ) {
      return `frontends/${app} is not built (run: npm run build -w @mer/shell -w @mer/access)`;
    }
  }
  return undefined;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const DESKTOP = { viewport: { width: 1280, height: 860 } } as const;
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
} as const;

export interface MerUnderTest {
  url: string;
  operatorKey: string;
  admin?: { email: string; password: string };
  stop(): Promise<void>;
  /**
   * Stops one service of the embedded MER for real, and starts it again on the same address (outage tests).
   * Undefined for an already running MER (MER_E2E_BASE_URL), whose services this process does not own.
   */
  services?: {
    stop(name: string): Promise<void>;
    restart(name: string): Promise<void>;
  };
}

/**
 * MER_E2E_BASE_URL: test a running MER (then MER_E2E_OPERATOR_KEY or ./data/operator.key, and
 * MER_E2E_ADMIN_EMAIL / MER_E2E_ADMIN_PASSWORD for the outbox). Otherwise the embedded topology starts here,
 * in memory, serving the built front ends, its services reading `options.env` on top of the machine's (a running
 * MER keeps its own settings).
 */
export async function startMer(options: { env?: Record<string, string> } = {}): Promise<MerUnderTest> {
  const external = process.env.MER_E2E_BASE_URL;
  if (external) {
    const keyFile = fileURLToPath(new URL('../../data/operator.key', import.meta.url));
    const operatorKey =
      process.env.MER_E2E_OPERATOR_KEY ??
      (existsSync(keyFile) ? (await readFile(keyFile, 'utf8')).trim() : '');
    const email = process.env.MER_E2E_ADMIN_EMAIL;
    const password = process.env.MER_E2E_ADMIN_PASSWORD;
    return {
      url: external.replace(/\/$/, ''),
      operatorKey,
      admin: email && password ? { email, password } : undefined,
      stop: async () => {},
    };
  }
  const { startEmbedded } = await import('../../infra/topology/embedded.ts');
  const { testLogger } = await import('@mer/service-runtime/testing');
  const admin = { email: 'guide@mer.test', password: 'quiet-mountain-path' };
  const dataDir = await mkdtemp(join(tmpdir(), 'mer-web-e2e-'));
  const mer = await startEmbedded({
    dataDir,
    inMemory: true,
    port: 0,
    host: '127.0.0.1',
    logger: testLogger(),
    // PUSH_SERVICES: the push journey's fake push service listens on 127.0.0.1 (e2e/support/push-service.ts).
    env: {
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      PUSH_SERVICES:
        'fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com,http://127.0.0.1',
      ...options.env,
    },
  });
  return {
    url: mer.url.replace('127.0.0.1', 'localhost'),
    operatorKey: mer.operatorKey,
    admin,
    services: { stop: (name) => mer.stopService(name), restart: (name) => mer.restartService(name) },
    async stop() {
      await mer.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A plain JSON call to the MER API. */
export async function api(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

export async function createInvitationCode(
  mer: MerUnderTest,
  options: { maxUses?: number; discountPercent?: number } = {},
): Promise<string> {
  const { status, json } = await api(
    mer.url,
    'POST',
    '/api/v1/identity/operator/invitations',
    {
      maxUses: options.maxUses ?? 1,
      ...(options.discountPercent ? { discountPercent: options.discountPercent } : {}),
    },
    { 'x-operator-key': mer.operatorKey },
  );
  if (status !== 201) throw new Error(`Could not create an invitation (${status}): ${JSON.stringify(json)}`);
  return json.code as string;
}

export interface TestMember {
  name: string;
  username: string;
  email: string;
  password: string;
}

export function newMember(prefix = 'river'): TestMember {
  const suffix = Math.random().toString(36).slice(2, 8);
  return {
    name: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} Stone`,
    username: `${prefix}_${suffix}`,
    email: `${prefix}.${suffix}@example.org`,
    password: 'calm-waters-9',
  };
}

export async function signUpViaApi(mer: MerUnderTest, member: TestMember): Promise<void> {
  const invitationCode = await createInvitationCode(mer);
  const { status, json } = await api(mer.url, 'POST', '/api/v1/identity/signup', {
    invitationCode,
    ...member,
    confirmPassword: member.password,
  });
  if (status !== 201) throw new Error(`Sign-up failed (${status}): ${JSON.stringify(json)}`);
}

/** The newest link containing `pathPart` in an e-mail to `to`, read from the outbox with the admin's session. */
export async function linkFromOutbox(mer: MerUnderTest, to: string, pathPart: string): Promise<string> {
  if (!mer.admin) throw new Error('The outbox needs MER_E2E_ADMIN_EMAIL and MER_E2E_ADMIN_PASSWORD');
  const login = await api(mer.url, 'POST', '/api/v1/identity/sessions', {
    identifier: mer.admin.email,
    password: mer.admin.password,
  });
  if (login.status !== 200) throw new Error(`Admin login failed (${login.status})`);
  const auth = { authorization: `Bearer ${login.json.accessToken}` };
  for (let i = 0; i < 100; i++) {
    const { json } = await api(
      mer.url,
      'GET',
      `/api/v1/notifications-email/admin/outbox?to=${encodeURIComponent(to)}&limit=20`,
      undefined,
      auth,
    );
    for (const mail of json?.emails ?? []) {
      const match = new RegExp(`https?://[^\\s"<>]*${pathPart}[^\\s"<>]*`).exec(mail.text);
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`No e-mail with a ${pathPart} link reached ${to}`);
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/**
 * Runs axe-core in the page (evaluated through the DevTools protocol, so the strict CSP does not block it)
 * and returns the serious and critical violations.
 */
export async function seriousA11yViolations(
  page: Page,
): Promise<Array<{ id: string; impact: string; help: string; targets: string[] }>> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Let entrance animations finish: half-faded text would be measured at the wrong contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: Array<{
              id: string;
              impact: string;
              help: string;
              nodes: Array<{ target: string[] }>;
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
  });
}

/**
 * A fresh context (own cookies and storage), optionally with the shortened test clock. The browser's locale is
 * en-US unless `locale` says otherwise: MER writes dates and numbers in the browser's locale, so tests that
 * read them must not depend on the machine's.
 */
export async function newContext(
  browser: Browser,
  options: {
    phone?: boolean;
    clock?: Record<string, number>;
    serviceWorkers?: 'allow' | 'block';
    locale?: string;
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...(options.phone ? PHONE : DESKTOP),
    locale: options.locale ?? 'en-US',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  if (options.clock)
    await context.addInitScript(`window.__MER_TEST_CLOCK__ = ${JSON.stringify(options.clock)};`);
  return context;
}

/** Waits until the page's path is `path` (or matches it). */
export async function waitForPath(page: Page, path: string | RegExp, timeout = 20_000): Promise<void> {
  await page.waitForURL(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
    {
      timeout,
    },
  );
}

/** Waits for a toast holding `text` (its title or message). */
export async function waitForToast(page: Page, text: string, timeout = 20_000): Promise<void> {
  await page.locator('[data-testid="toast"]', { hasText: text }).first().waitFor({ timeout });
}

/** Texts of the toasts on screen (desktop only: the spec renders no toasts on mobile). */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('[data-testid="toast"]').allInnerTexts();
}
