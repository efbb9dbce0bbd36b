import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { identityService } from '@mer/identity';
import { startService } from '@mer/service-runtime';
import { createTestInfra } from '@mer/service-runtime/testing';

/**
 * `npm run bench:login`: logins per second on the identity service (argon2id m=19456, t=2, p=1),
 * and the p99 of an unrelated cheap request while logins saturate the CPU — hashing runs off the
 * event loop, so the loop must stay responsive (target p99 ≤ 50 ms).
 */
const DURATION = Number(process.env.DURATION ?? 10);
const infra = await createTestInfra();
const operatorKey = randomBytes(24).toString('base64url');
const identity = await startService(identityService, {
  ...infra,
  schema: infra.schemaFor('identity'),
  env: { OPERATOR_KEY: operatorKey, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'bench-admin-password' },
});
const url = identity.url;
const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
};
const invite = await post('/api/v1/identity/operator/invitations', { maxUses: 1 }, { 'x-operator-key': operatorKey });
const signup = await post('/api/v1/identity/signup', {
  invitationCode: invite.json.code,
  name: 'Bench Member',
  username: 'bench_member',
  email: 'bench@example.org',
  password: 'bench-password',
  confirmPassword: 'bench-password',
});
if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.json)}`);

console.log(`Identity on ${infra.describe}; ${DURATION} s of logins with 16 connections, and 20 req/s of GET /healthz alongside`);
const loginRun = autocannon({
  url: `${url}/api/v1/identity/sessions`,
  method: 'POST',
  connections: 16,
  duration: DURATION,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ identifier: 'bench@example.org', password: 'bench-password' }),
});
const probeRun = autocannon({ url: `${url}/healthz`, connections: 1, overallRate: 20, duration: DURATION });
const [logins, probe] = await Promise.all([loginRun, probeRun]);

const ok = logins.requests.total - logins.non2xx;
console.log(`\n  logins: ${(ok / DURATION).toFixed(1)} per second (${ok} ok, ${logins.non2xx} not 2xx), p99 ${logins.latency.p99} ms`);
console.log(`  unrelated GET /healthz during the logins: p50 ${probe.latency.p50} ms, p99 ${probe.latency.p99} ms (target ≤ 50 ms)`);
await identity.stop();
await infra.close();
process.exit(0);
