import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { detectServers, eventually } from '@mer/service-runtime/testing';

const servers = await detectServers();
const SERVER_TS = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/**
 * The gateway as its own process, configured from env as in the cluster: it needs a NATS server
 * for the realtime broadcast, so this runs only where one is reachable.
 */
describe.skipIf(!servers.nats)('gateway process (cluster topology)', () => {
  let child: ChildProcess;
  let fakeIdentity: Server;
  let url: string;
  let output = '';

  beforeAll(async () => {
    // Stands in for identity's readiness only; forwarding is covered with real services elsewhere.
    fakeIdentity = createServer((req, res) => {
      res.writeHead(req.url === '/readyz' ? 200 : 404, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => fakeIdentity.listen(0, '127.0.0.1', resolve));
    const port = 20000 + Math.floor(Math.random() * 20000);
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', SERVER_TS], {
      env: {
        ...process.env,
        GATEWAY_PORT: String(port),
        PORT: '1',
        LOG_LEVEL: 'info',
        NATS_URL: servers.nats!,
        BUS_NAMESPACE: `t${Date.now().toString(36)}`,
        ...(servers.redis ? { REDIS_URL: servers.redis, REDIS_PREFIX: `mer:gwtest${port}:` } : {}),
        SERVICE_URL_IDENTITY: `http://127.0.0.1:${(fakeIdentity.address() as { port: number }).port}`,
        SERVICE_URL_NOTIFICATIONS_EMAIL: 'http://127.0.0.1:9',
        STATIC_ROOT: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    await eventually(async () => (await fetch(`${url}/healthz`)).ok, 30_000, 200);
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await new Promise((resolve) => fakeIdentity?.close(resolve));
  });

  it('serves from env config: GATEWAY_PORT, service URLs, docs and placeholder', async () => {
    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toMatchObject({
      services: { identity: 'ready', 'notifications-email': 'unreachable' },
    });
    expect(ready.status).toBe(503);
    const down = await fetch(`${url}/api/v1/identity/invitations/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"code":"X"}',
    });
    expect(down.status).toBe(404); // the stand-in answers 404 for everything but /readyz: relayed as is
    const unauthenticated = await fetch(`${url}/api/v1/identity/me`);
    expect(unauthenticated.status).toBe(401);
    expect((await fetch(`${url}/api/docs/openapi.json`)).status).toBe(200);
    expect(await (await fetch(`${url}/`)).text()).toContain('MER is being prepared');
  });

  it('shuts down cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  });
});
