/**
 * A small static server for the built front ends, laid out exactly as the gateway serves them:
 * the shell's dist at `/` with SPA fallback, each remote's dist at `/remotes/<name>/`, and `/mf-config.js`
 * listing the remotes found on disk. It sends the gateway's Content-Security-Policy so pages are checked
 * against it, compresses with gzip, and can forward `/api` and `/ws` to a running back end.
 *
 * Used by the browser tests and `npm run bench:web` before (or instead of) the full gateway.
 *   node --import tsx e2e/support/frontends-server.ts [port]      (MER_API_URL=http://localhost:8080 to proxy the API)
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile, stat, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' ws: wss:";

const FRONTENDS_DIR = resolve(fileURLToPath(new URL('../../frontends', import.meta.url)));

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

export interface FrontendsServerOptions {
  port?: number;
  /** Forward /api/* and /ws to this origin (the gateway or a service). */
  apiUrl?: string;
  /** Extra headers, e.g. to simulate a slow network in a benchmark. */
  delayMs?: number;
}

export interface RunningFrontendsServer {
  url: string;
  close(): Promise<void>;
}

async function remoteNames(): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(FRONTENDS_DIR, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'shell') continue;
    if (existsSync(join(FRONTENDS_DIR, entry.name, 'dist', 'remoteEntry.js'))) names.push(entry.name);
  }
  return names;
}

export async function mfConfigScript(): Promise<string> {
  const map = Object.fromEntries((await remoteNames()).map((n) => [n, `/remotes/${n}/remoteEntry.js`]));
  return `window.__MER_REMOTES__ = ${JSON.stringify(map)};\n`;
}

const gzipCache = new Map<string, Buffer>();

async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string) {
  const ext = extname(file);
  const info = await stat(file);
  let body: Buffer = await readFile(file);
  const headers: Record<string, string> = {
    'content-type': MIME[ext] ?? 'application/octet-stream',
    'cache-control': cacheControl,
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
  };
  if (file.endsWith('sw.js')) headers['service-worker-allowed'] = '/';
  const accepts = String(req.headers['accept-encoding'] ?? '');
  // Like the gateway: a precompressed sibling from the build when there is one.
  const sibling =
    /\bbr\b/.test(accepts) && (await isFile(`${file}.br`))
      ? 'br'
      : /\bgzip\b/.test(accepts) && (await isFile(`${file}.gz`))
        ? 'gzip'
        : null;
  if (COMPRESSIBLE.has(ext) && sibling) {
    body = await readFile(`${file}.${sibling === 'br' ? 'br' : 'gz'}`);
    headers['content-encoding'] = sibling;
    headers.vary = 'accept-encoding';
  } else if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(accepts)) {
    const key = `${file}:${info.mtimeMs}:${info.size}`;
    let gz = gzipCache.get(key);
    if (!gz) {
      gz = gzipSync(body, { level: 9 });
      gzipCache.set(key, gz);
    }
    body = gz;
    headers['content-encoding'] = 'gzip';
    headers.vary = 'accept-encoding';
  }
  headers['content-length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function proxy(req: IncomingMessage, res: ServerResponse, apiUrl: string) {
  const target = new URL(req.url ?? '/', apiUrl);
  const upstream = httpRequest(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: {
          code: 'connection_error',
          title: 'Connection Error',
          message: 'Unable to connect to the server. Please check your internet connection',
          retryable: true,
        },
      }),
    );
  });
  req.pipe(upstream);
}

export async function startFrontendsServer(
  options: FrontendsServerOptions = {},
): Promise<RunningFrontendsServer> {
  const shellDist = join(FRONTENDS_DIR, 'shell', 'dist');
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = decodeURIComponent(url.pathname);
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      if (path.startsWith('/api/') || path === '/ws') {
        if (options.apiUrl) return proxy(req, res, options.apiUrl);
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: {
              code: 'connection_error',
              title: 'Connection Error',
              message: 'Unable to connect to the server. Please check your internet connection',
              retryable: true,
            },
          }),
        );
        return;
      }
      if (path === '/mf-config.js') {
        const body = await mfConfigScript();
        res.writeHead(200, { 'content-type': MIME['.js']!, 'cache-control': 'no-cache' });
        res.end(body);
        return;
      }
      const remote = /^\/remotes\/([a-z0-9-]+)\/(.*)$/.exec(path);
      if (remote) {
        const root = join(FRONTENDS_DIR, remote[1]!, 'dist');
        const file = normalize(join(root, remote[2]!));
        if (file.startsWith(root) && (await isFile(file))) {
          const immutable = file.includes(`${root}/assets/`);
          return await sendFile(
            req,
            res,
            file,
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        }
        res.writeHead(404).end();
        return;
      }
      const file = normalize(join(shellDist, path));
      if (file.startsWith(shellDist) && (await isFile(file))) {
        const immutable = file.includes(`${shellDist}/assets/`);
        return await sendFile(req, res, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      }
      if (extname(path)) {
        res.writeHead(404).end();
        return;
      }
      return await sendFile(req, res, join(shellDist, 'index.html'), 'no-cache');
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((r) => server.listen(options.port ?? 0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 4173);
  const running = await startFrontendsServer({ port, apiUrl: process.env.MER_API_URL });
  console.log(
    `MER front ends on ${running.url}${process.env.MER_API_URL ? ` (API → ${process.env.MER_API_URL})` : ''}`,
  );
}
