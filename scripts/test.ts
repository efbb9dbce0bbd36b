import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { detectServers } from '@mer/service-runtime/testing';

/**
 * `npm test`: typecheck, lint, unit and integration tests, then the end-to-end journeys (both
 * topologies, and real browsers). Uses the real PostgreSQL, NATS and Redis when they run here,
 * else the embedded engines, and says which.
 */
const startedAt = Date.now();
const servers = await detectServers();
const chromium = process.env.MER_E2E_CHROMIUM ?? '/usr/bin/chromium';
const hasBrowser = existsSync(chromium);
const line = (ok: boolean, real: string, fallback: string) =>
  ok ? `real ${real}` : `NOT reachable, using ${fallback}`;
console.log('MER tests');
console.log(`  PostgreSQL: ${line(Boolean(servers.postgres), servers.postgres ?? '', 'embedded PGlite')}`);
console.log(`  NATS:       ${line(Boolean(servers.nats), servers.nats ?? '', 'the embedded bus')}`);
console.log(`  Redis:      ${line(Boolean(servers.redis), servers.redis ?? '', 'the in-memory store')}`);
console.log(`  Browser:    ${hasBrowser ? chromium : 'chromium not found: browser tests will NOT run'}`);
if (!servers.postgres || !servers.nats || !servers.redis) {
  console.log(
    '  (the cluster-topology journey and fault tests need all three servers and will say they were skipped)',
  );
}

mkdirSync('.tmp', { recursive: true });
const bin = (name: string) => `node_modules/.bin/${name}`;
let passed = 0;
let failed = 0;
let skipped = 0;
/** What failed, a few lines each (scripts/failures-reporter.ts): printed last, where a CI log's tail shows it. */
const failures: string[] = [];
const timings: { title: string; seconds: number; ok: boolean }[] = [];

interface Part {
  title: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** A vitest run's JSON report: its tests are counted one by one. */
  report?: string;
  /** Where the vitest run writes what failed. */
  failures?: string;
}

/** A vitest run as a part: both reporters, the JSON one read afterwards for the counts. */
function vitest(title: string, args: string[], reportName: string, env: Record<string, string> = {}): Part {
  // Absolute: each vitest config has its own root.
  const report = resolve(reportName);
  const failures = report.replace(/\.json$/, '.failures.txt');
  return {
    title,
    command: bin('vitest'),
    args: [
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--reporter=${resolve('scripts/failures-reporter.ts')}`,
      `--outputFile.json=${report}`,
    ],
    env: { ...env, MER_FAILURES_FILE: failures },
    report,
    failures,
  };
}

function count(part: Part, ok: boolean, seconds: number): void {
  timings.push({ title: part.title, seconds, ok });
  if (part.failures && existsSync(part.failures)) {
    const text = readFileSync(part.failures, 'utf8').trim();
    if (text) failures.push(`${part.title}\n${text.replace(/^/gm, '  ')}`);
  }
  if (!part.report) {
    if (ok) passed++;
    else failed++;
    return;
  }
  try {
    const json = JSON.parse(readFileSync(part.report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
    // A file that fails to load fails the run without failing a test: count it once.
    if (!ok && json.numFailedTests === 0) failed++;
  } catch {
    failed++;
  }
}

/** One part on its own, its output as it comes. */
function runAlone(part: Part): void {
  console.log(`\n── ${part.title} ──`);
  for (const file of [part.report, part.failures]) if (file) rmSync(file, { force: true });
  const started = Date.now();
  const result = spawnSync(part.command, part.args, {
    stdio: 'inherit',
    env: { ...process.env, ...part.env },
  });
  count(part, result.status === 0, (Date.now() - started) / 1000);
}

/**
 * Parts that share nothing, side by side (single-threaded tools leave a core idle alone): each one's output is held
 * and printed whole when it ends, so the log reads part by part.
 */
async function runTogether(parts: Part[]): Promise<void> {
  console.log(`\n── together: ${parts.map((p) => p.title).join(' | ')} ──`);
  await Promise.all(
    parts.map(
      (part) =>
        new Promise<void>((done) => {
          for (const file of [part.report, part.failures]) if (file) rmSync(file, { force: true });
          const started = Date.now();
          const output: Buffer[] = [];
          const child = spawn(part.command, part.args, {
            stdio: ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...part.env },
          });
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          child.on('close', (code) => {
            const seconds = (Date.now() - started) / 1000;
            console.log(`\n── ${part.title} (${seconds.toFixed(0)} s) ──`);
            process.stdout.write(Buffer.concat(output));
            count(part, code === 0, seconds);
            done();
          });
        }),
    ),
  );
}

await runTogether([
  {
    title: 'typecheck: services, gateway, contracts, tools',
    command: bin('tsc'),
    args: ['-p', 'tsconfig.json'],
  },
  { title: 'typecheck: front ends', command: bin('tsc'), args: ['-p', 'frontends/tsconfig.json'] },
  { title: 'lint (including the service boundary rule)', command: bin('eslint'), args: ['.'] },
]);
runAlone(vitest('unit and integration tests', [], '.tmp/vitest-unit.json'));
await runTogether([
  // A throwaway service and a throwaway micro-frontend calling it, from the generators' templates, in one copy of
  // the repository: typechecked, linted, built (the remote) and tested.
  {
    title: 'a service and a remote generated by new:service and new:remote',
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/check-new-service.ts'],
  },
  vitest(
    'front-end unit tests',
    ['--config', 'frontends/vitest.config.ts', '--maxWorkers=1'],
    '.tmp/vitest-web.json',
  ),
]);
// The browser journeys run against the built front ends, served by the gateway.
runAlone({
  title: 'build the front ends',
  command: process.execPath,
  args: ['--import', 'tsx', 'frontends/build/build-all.ts'],
});
// Two journeys at a time (e2e/vitest.config.ts): each starts its own MER on ports of its own.
runAlone(vitest('end-to-end journeys', ['--config', 'e2e/vitest.config.ts'], '.tmp/vitest-e2e.json'));

if (failures.length) {
  console.log('\nWhat failed');
  for (const f of failures) console.log(`  ${f}`);
}
console.log('\nTime per part');
for (const t of timings)
  console.log(`  ${t.ok ? 'ok  ' : 'FAIL'} ${t.seconds.toFixed(0).padStart(5)} s  ${t.title}`);
console.log(`\nFinished in ${Math.round((Date.now() - startedAt) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
