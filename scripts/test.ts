import { spawnSync } from 'node:child_process';
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
const line = (ok: boolean, real: string, fallback: string) => (ok ? `real ${real}` : `NOT reachable, using ${fallback}`);
console.log('MER tests');
console.log(`  PostgreSQL: ${line(Boolean(servers.postgres), servers.postgres ?? '', 'embedded PGlite')}`);
console.log(`  NATS:       ${line(Boolean(servers.nats), servers.nats ?? '', 'the embedded bus')}`);
console.log(`  Redis:      ${line(Boolean(servers.redis), servers.redis ?? '', 'the in-memory store')}`);
console.log(`  Browser:    ${hasBrowser ? chromium : 'chromium not found: browser tests will NOT run'}`);
if (!servers.postgres || !servers.nats || !servers.redis) {
  console.log('  (the cluster-topology journey and fault tests need all three servers and will say they were skipped)');
}

mkdirSync('.tmp', { recursive: true });
const bin = (name: string) => `node_modules/.bin/${name}`;
let passed = 0;
let failed = 0;
let skipped = 0;

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n── ${title} ──`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(title: string, command: string, args: string[]): void {
  const ok = run(title, command, args);
  if (ok) passed++;
  else failed++;
}

function vitest(title: string, args: string[], reportName: string, env: Record<string, string> = {}): void {
  // Absolute: each vitest config has its own root.
  const report = resolve(reportName);
  rmSync(report, { force: true });
  const ok = run(title, bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${report}`], env);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
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

check('typecheck: services, gateway, contracts, tools', bin('tsc'), ['-p', 'tsconfig.json']);
check('typecheck: front ends', bin('tsc'), ['-p', 'frontends/tsconfig.json']);
check('lint (including the service boundary rule)', bin('eslint'), ['.']);
vitest('unit and integration tests', [], '.tmp/vitest-unit.json');
vitest('front-end unit tests', ['--config', 'frontends/vitest.config.ts'], '.tmp/vitest-web.json');
// The browser journeys run against the built front ends, served by the gateway.
check('build the front ends', process.execPath, ['--import', 'tsx', 'frontends/build/build-all.ts']);
vitest('end-to-end journeys', ['--config', 'e2e/vitest.config.ts'], '.tmp/vitest-e2e.json', {});

console.log(`\nFinished in ${Math.round((Date.now() - startedAt) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
