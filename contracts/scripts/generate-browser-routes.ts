import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as prettier from 'prettier';
import { routesByService } from '../src/index.ts';

/**
 * `npm run generate:browser-routes`: writes contracts/src/browser/<service>.ts and index.ts from routesByService:
 * one exported constant per route a browser may call ({ method, path, access }, typed from the contract), so a
 * page's bundle holds only the routes it imports. Operator and internal routes are left out: no browser calls
 * them. Commit the result; browser-routes.test.ts fails when it is out of date.
 */
export const BROWSER_DIR = resolve(import.meta.dirname, '..', 'src', 'browser');

const HEADER =
  '// Generated from routesByService by contracts/scripts/generate-browser-routes.ts: do not edit.';

/** 'profile-onboarding' → 'profileOnboarding' (the namespace a remote imports). */
export function namespaceOf(service: string): string {
  return service.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function serviceFile(service: string): string {
  const lines = [
    HEADER,
    "import type { RoutesByService } from '../index.ts';",
    "import type { BrowserRouteOf } from './route.ts';",
    '',
    `type Routes = RoutesByService['${service}'];`,
  ];
  for (const [name, route] of Object.entries(routesByService[service]!)) {
    const kind = route.access.kind;
    if (kind === 'operator' || kind === 'internal') continue;
    const access = kind === 'public' ? 'public' : 'user';
    lines.push(
      '',
      `/** ${route.summary.replaceAll('*/', '*\\/')} */`,
      `export const ${name}: BrowserRouteOf<Routes['${name}']> = { method: '${route.method}', path: '${route.path}', access: '${access}' };`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function indexFile(services: string[]): string {
  const lines = [
    HEADER,
    '// The browser route table: import a service namespace and pass its routes to `call` (@mer/api-client).',
    '// Each route is its own export, so a bundle keeps only the routes its code uses.',
    "export type * from './route.ts';",
    ...services.map((s) => `export * as ${namespaceOf(s)} from './${s}.ts';`),
  ];
  return `${lines.join('\n')}\n`;
}

async function format(text: string, file: string): Promise<string> {
  const options = await prettier.resolveConfig(file);
  return prettier.format(text, { ...options, filepath: file });
}

/** Every generated file, by file name, formatted as prettier would. */
export async function renderBrowserRoutes(): Promise<Map<string, string>> {
  const services = Object.keys(routesByService).sort();
  const files = new Map<string, string>();
  for (const service of services) {
    const name = `${service}.ts`;
    files.set(name, await format(serviceFile(service), resolve(BROWSER_DIR, name)));
  }
  files.set('index.ts', await format(indexFile(services), resolve(BROWSER_DIR, 'index.ts')));
  return files;
}

/** Hand-written files of the folder, which the generator keeps. */
export const HAND_WRITTEN = new Set(['route.ts', 'browser-routes.test.ts']);

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await mkdir(BROWSER_DIR, { recursive: true });
  const files = await renderBrowserRoutes();
  for (const existing of await readdir(BROWSER_DIR))
    if (!HAND_WRITTEN.has(existing) && !files.has(existing)) await rm(resolve(BROWSER_DIR, existing));
  for (const [name, text] of files) await writeFile(resolve(BROWSER_DIR, name), text);
  console.log(`Wrote ${files.size} files to ${BROWSER_DIR}`);
}
