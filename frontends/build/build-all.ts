/**
 * Builds every front end: the shared packages need no build; the shell and each remote (every folder under
 * frontends/ with a vite.config.ts) are built with Vite, one after the other (the machines are small).
 *   node --import tsx frontends/build/build-all.ts              (npm run build:web)
 *   node --import tsx frontends/build/build-all.ts --if-missing (npm start: only front ends never built)
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const root = fileURLToPath(new URL('..', import.meta.url));
const apps = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(root, d.name, 'vite.config.ts')))
  .map((d) => d.name)
  // The shell first: remotes do not depend on it, but a failing shell is the most useful early stop.
  .sort((a, b) => (a === 'shell' ? -1 : b === 'shell' ? 1 : a.localeCompare(b)));

const viteBin = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
const onlyMissing = process.argv.includes('--if-missing');
for (const app of apps) {
  if (onlyMissing && existsSync(join(root, app, 'dist', app === 'shell' ? 'index.html' : 'remoteEntry.js')))
    continue;
  const started = Date.now();
  // Each front end in a process of its own: @module-federation/vite keeps state between builds in one
  // process, and a second remote built after another could come out empty.
  const result = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
    cwd: join(root, app),
    stdio: 'inherit',
  });
  const entry = join(root, app, 'dist', app === 'shell' ? 'index.html' : 'remoteEntry.js');
  if (result.status !== 0 || !existsSync(entry)) {
    console.error(`frontends/${app}: build failed${result.status === 0 ? ` (no ${entry})` : ''}`);
    process.exit(1);
  }
  console.log(`frontends/${app}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
