import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { testLogger } from '@mer/service-runtime/testing';
import { startEmbedded, type EmbeddedMer } from '../infra/topology/embedded.ts';
import { runIdentityJourney } from './support/identity-journey.ts';

const admin = { email: 'guide@mer.test', password: 'quiet-mountain-path' };

describe('identity journey through the gateway, embedded topology (one process, PGlite, embedded bus)', () => {
  let mer: EmbeddedMer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mer-e2e-'));
    mer = await startEmbedded({
      dataDir,
      inMemory: true,
      port: 0,
      host: '127.0.0.1',
      logger: testLogger(),
      env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    });
  });
  afterAll(async () => {
    await mer?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('invitation, sign-up, logins, refresh reuse, reset by e-mail link, realtime revocation, sign-out', async () => {
    await runIdentityJourney({ gateways: [mer.url], operatorKey: mer.operatorKey, admin });
  });
});
