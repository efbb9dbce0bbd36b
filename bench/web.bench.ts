/// <reference lib="dom" />
/**
 * `npm run bench:web`: builds the front ends, serves them as the gateway lays them out (same CSP,
 * precompressed files), and prints for / and /login on a simulated mid-range phone:
 *   - the JavaScript loaded before the first page is on screen, gzipped (target ≤ 150 KB on /);
 *   - Lighthouse performance and accessibility scores (targets ≥ 90 and ≥ 95), with FCP, LCP and TBT.
 * The phone is Lighthouse's default mobile profile: Moto G Power screen, 4× CPU slowdown, slow 4G
 * (150 ms RTT, 1.6 Mbit/s), simulated. Options: --no-build, PATHS=/,/login, CHROMIUM=/usr/bin/chromium.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startFrontendsServer } from '../e2e/support/frontends-server.ts';
import { CHROMIUM_ARGS } from '../e2e/support/web.ts';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const PATHS = (process.env.PATHS ?? '/,/login').split(',');
const TARGETS = { firstLoadKb: 150, performance: 90, accessibility: 95 };

if (!process.argv.includes('--no-build')) {
  console.log('Building the front ends…');
  await import('../frontends/build/build-all.ts');
}

const server = await startFrontendsServer();
console.log(`Serving the built front ends at ${server.url}\n`);

/** Gzipped size of each JavaScript file the page asked for before its first page rendered. */
async function firstRenderJs(path: string): Promise<{ bytes: number; files: number; renderMs: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(server.url + path, { waitUntil: 'load' });
    await page.waitForFunction(
      () => performance.getEntriesByName('mer:first-page-render').length > 0,
      undefined,
      { timeout: 30_000 },
    );
    const { renderAt, scripts } = await page.evaluate(() => {
      const renderAt = performance.getEntriesByName('mer:first-page-render')[0]!.startTime;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => /\.m?js(\?|$)/.test(r.name) && r.startTime < renderAt)
        .map((r) => r.name);
      return { renderAt, scripts };
    });
    let bytes = 0;
    for (const url of new Set(scripts)) {
      const body = Buffer.from(
        await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
      );
      bytes += gzipSync(body, { level: 9 }).length;
    }
    return { bytes, files: new Set(scripts).size, renderMs: Math.round(renderAt) };
  } finally {
    await browser.close();
  }
}

async function lighthouseScores(path: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_ARGS.filter((f) => f !== '--headless').concat('--headless=new'),
  });
  try {
    const result = await lighthouse(server.url + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result!.lhr;
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
    };
  } finally {
    chrome.kill();
  }
}

const rows: string[] = [];
let failed = false;
for (const path of PATHS) {
  const js = await firstRenderJs(path);
  const lh = await lighthouseScores(path);
  const kb = js.bytes / 1024;
  if (
    (path === '/' && kb > TARGETS.firstLoadKb) ||
    lh.performance < TARGETS.performance ||
    lh.accessibility < TARGETS.accessibility
  )
    failed = true;
  rows.push(
    [
      path.padEnd(8),
      `${kb.toFixed(1)} KB in ${js.files} files`.padEnd(22),
      String(lh.performance).padStart(5),
      String(lh.accessibility).padStart(6),
      `${(lh.fcp / 1000).toFixed(2)} s`.padStart(8),
      `${(lh.lcp / 1000).toFixed(2)} s`.padStart(8),
      `${Math.round(lh.tbt)} ms`.padStart(8),
    ].join('  '),
  );
}
await server.close();

console.log('page      JS before first render  perf.  a11y.     FCP       LCP       TBT');
for (const row of rows) console.log(row);
console.log(
  `\ntargets: first-load JS on / ≤ ${TARGETS.firstLoadKb} KB gzipped, performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}`,
);
if (failed) {
  console.log('RESULT: a target is missed');
  process.exitCode = 1;
} else console.log('RESULT: all targets met');
