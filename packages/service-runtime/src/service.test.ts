import { once } from 'node:events';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from './testing/index.ts';
import { defineService, startService } from './service.ts';

let infra: TestInfra;

beforeAll(async () => {
  infra = await createTestInfra();
});

afterAll(async () => {
  await infra?.close();
});

describe('stopping a service', () => {
  it('closes a connection left with half a request once its grace period is over', async () => {
    const service = await startService(defineService({ name: 'grace-test', routes() {} }), {
      databases: infra.databases,
      bus: infra.bus,
      store: infra.store,
      logger: infra.logger,
      schema: infra.schemaFor('grace-test'),
      env: { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', SHUTDOWN_GRACE_MS: '300' },
    });
    const { hostname, port } = new URL(service.url);
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    socket.on('error', () => undefined);
    // The headers never end: the HTTP server alone would wait for its 60 s headers time-out.
    socket.write('POST /healthz HTTP/1.1\r\nHost: mer.test\r\n');
    await delay(100);

    const closed = once(socket, 'close');
    const started = Date.now();
    await service.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    await closed; // by the server: this side never ends it
  }, 20_000);
});
