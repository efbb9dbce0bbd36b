import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from '@mer/service-runtime';

export interface StaticSiteOptions {
  /** The folder holding one folder per front end (`shell/dist`, `<remote>/dist`). */
  staticRoot: string;
  /** Where MER_REMOTE_<NAME>_URL overrides are read (process.env by default). */
  env: Record<string, string | undefined>;
}

const SHELL = 'shell';
const REMOTE_ENTRY_CANDIDATES = ['remoteEntry.js', 'assets/remoteEntry.js'];
const REMOTE_NAME = /^[a-z0-9][a-z0-9-]*$/;
const HASHED_ASSET = /\/assets\/.+[-.][A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;
const ALWAYS_FRESH = new Set([
  'remoteEntry.js',
  'sw.js',
  'registerSW.js',
  'manifest.webmanifest',
  'mf-manifest.json',
]);
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Content-hashed build output never changes under its name, so browsers keep it for a year;
 * everything else (HTML, remote entries, the service worker) is revalidated on every load.
 */
export function cacheControlFor(filePath: string): string {
  const normalized = filePath.replace(/\\/g, '/');
  if (ALWAYS_FRESH.has(basename(normalized)) || normalized.endsWith('.html')) return 'no-cache';
  return HASHED_ASSET.test(normalized) ? IMMUTABLE : 'no-cache';
}

/** Remotes with a build: `<staticRoot>/<name>/dist/remoteEntry.js`. */
export function builtRemotes(staticRoot: string): Map<string, string> {
  const remotes = new Map<string, string>();
  let names: string[];
  try {
    names = readdirSync(staticRoot);
  } catch {
    return remotes;
  }
  for (const name of names.sort()) {
    if (name === SHELL || !REMOTE_NAME.test(name)) continue;
    const entry = REMOTE_ENTRY_CANDIDATES.find((file) => existsSync(join(staticRoot, name, 'dist', file)));
    if (entry) remotes.set(name, `/remotes/${name}/${entry}`);
  }
  return remotes;
}

/**
 * The federation config the shell loads before anything else: where each remote's entry lives.
 * MER_REMOTE_<NAME>_URL (e.g. MER_REMOTE_EVENTS_CIRCLES_URL) moves one remote elsewhere, or adds
 * one that is not built here.
 */
export function remotesConfig(
  staticRoot: string,
  env: Record<string, string | undefined>,
): Record<string, string> {
  const remotes = Object.fromEntries(builtRemotes(staticRoot));
  for (const [key, value] of Object.entries(env)) {
    const match = /^MER_REMOTE_([A-Z0-9_]+)_URL$/.exec(key);
    if (match && value) remotes[match[1]!.toLowerCase().replace(/_/g, '-')] = value;
  }
  return remotes;
}

export const PLACEHOLDER_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>MER</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="/_mer/placeholder.css">
  </head>
  <body>
    <main>
      <h1>MER</h1>
      <p>MER is being prepared.</p>
      <p class="quiet">The web app has not been built yet. The API answers under <code>/api/v1</code>; its reference is at <a href="/api/docs">/api/docs</a>.</p>
    </main>
  </body>
</html>
`;

const PLACEHOLDER_CSS = `:root { color-scheme: light dark; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif;
  background: #f7f5f0; color: #3b3a36; }
main { max-width: 32rem; padding: 2rem; text-align: center; line-height: 1.6; }
h1 { font-weight: 300; letter-spacing: 0.3em; margin: 0 0 1rem; }
.quiet { color: #7a776f; font-size: 0.9rem; }
a { color: inherit; }
@media (prefers-color-scheme: dark) { body { background: #1d1c1a; color: #e8e4da; } .quiet { color: #a19d93; } }
`;

/**
 * Serves the built micro-frontends: the shell at / with the SPA fallback to its index.html, each
 * remote at /remotes/<name>/, and /mf-config.js. Folders are looked up per request, so a front end
 * built after the gateway started is served without a restart. Precompressed .br/.gz siblings are
 * used when present (the site scope compresses the rest on the fly).
 */
export async function registerStaticSite(scope: FastifyInstance, opts: StaticSiteOptions): Promise<void> {
  const shellDist = join(opts.staticRoot, SHELL, 'dist');

  await scope.register(fastifyStatic, {
    root: opts.staticRoot,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
    redirect: false,
    setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(filePath)),
  });

  scope.get('/mf-config.js', async (_request, reply) => {
    const remotes = remotesConfig(opts.staticRoot, opts.env);
    return reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        `window.__MER_REMOTES__ = ${scriptJson(remotes)};\n` +
          `window.__MER_CONFIG__ = ${scriptJson(siteConfig(opts.env))};\n`,
      );
  });

  scope.get('/_mer/placeholder.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(PLACEHOLDER_CSS),
  );

  scope.get<{ Params: { name: string; '*': string } }>('/remotes/:name/*', async (request, reply) => {
    const { name } = request.params;
    const file = request.params['*'];
    if (!REMOTE_NAME.test(name) || name === SHELL || !file) throw notFound();
    return reply.sendFile(file, join(opts.staticRoot, name, 'dist'));
  });

  scope.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
    const path = request.params['*'] ?? '';
    if (path === 'api' || path.startsWith('api/') || path === 'ws' || path.startsWith('remotes/'))
      throw notFound();
    const last = path.slice(path.lastIndexOf('/') + 1);
    if (last.includes('.')) return reply.sendFile(path, shellDist);
    return sendShellIndex(reply, shellDist);
  });
}

/** The shell's index.html for any client-side route, or the placeholder until the shell is built. */
async function sendShellIndex(reply: FastifyReply, shellDist: string): Promise<FastifyReply> {
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  try {
    return reply.send(await readFile(join(shellDist, 'index.html')));
  } catch {
    return reply.send(PLACEHOLDER_HTML);
  }
}

/**
 * Site settings the shell reads at run time (see frontends/shell/src/config/runtime-config.ts):
 * MER_PRODUCTION_ORIGIN with MER_PREVIEW_HOSTS (comma-separated; visitors there are redirected to
 * the production origin, keeping path, query and hash) and MER_SUPPORT_EMAIL. Unset ones are left
 * out, so the shell's own defaults apply.
 */
export function siteConfig(env: Record<string, string | undefined>): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  const origin = env.MER_PRODUCTION_ORIGIN?.trim();
  if (origin && /^https?:\/\/[^/\s]+$/.test(origin)) config.productionOrigin = origin;
  const hosts = env.MER_PREVIEW_HOSTS?.split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => /^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(h));
  if (hosts?.length) config.previewHosts = hosts;
  const support = env.MER_SUPPORT_EMAIL?.trim();
  if (support && /^[^\s@<>"]+@[^\s@<>"]+$/.test(support)) config.supportEmail = support;
  return config;
}

/** JSON that is safe inside a script: no "</script>" or line separators can break out. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
