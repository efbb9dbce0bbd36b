/**
 * Builds every front end: the shared packages need no build; the shell and each remote (every folder under
 * frontends/ with a vite.config.ts) are built with Vite, one after the other (the machines are small).
 *   node --import tsx frontends/build/build-all.ts              (npm run build:web)
 *   node --import tsx frontends/build/build-all.ts --if-missing (npm start: only front ends never built)
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const apps = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(root, d.name, 'vite.config.ts')))
  .map((d) => d.name)
  // The shell first: remotes do not depend on it, but a failing shell is the most useful early stop.
  .sort((a, b) => (a === 'shell' ? -1 : b === 'shell' ? 1 : a.localeCompare(b)));

const onlyMissing = process.argv.includes('--if-missing');
for (const app of apps) {
  if (onlyMissing && existsSync(join(root, app, 'dist', app === 'shell' ? 'index.html' : 'remoteEntry.js')))
    continue;
  const started = Date.now();
  try {
    await build({ root: join(root, app), configFile: join(root, app, 'vite.config.ts'), logLevel: 'warn' });
  } catch (error) {
    console.error(`frontends/${app}: build failed`, error);
    process.exit(1);
  }
  console.log(`frontends/${app}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
