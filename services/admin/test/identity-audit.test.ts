import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventEnvelope, eventually } from '@mer/service-runtime/testing';
import { AdminActionTaken } from '@mer/contracts';
import { call, startAdminHarness, type AdminHarness } from './harness.ts';

// identity's admin actions (identity.admin.action-taken.v1) reach the audit trail once, with before and after.

let h: AdminHarness;
let admin: string;

beforeAll(async () => {
  h = await startAdminHarness();
  admin = await h.tokens.token({ sub: randomUUID(), perms: ['system_admin'] });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('audit of identity admin actions', () => {
  it('records a permission grant once (delivered twice), at the time it happened', async () => {
    const actorId = randomUUID();
    const memberId = randomUUID();
    const event = eventEnvelope(
      AdminActionTaken,
      {
        actorId,
        action: 'permission.granted',
        targetType: 'member',
        targetId: memberId,
        before: { grantedPermissions: [] },
        after: { grantedPermissions: ['users_update'] },
      },
      { occurredAt: '2026-01-02T03:04:05.000Z' },
    );
    await h.infra.bus.publish(event);
    await h.infra.bus.publish(event);
    const entries = await eventually(async () => {
      const trail = await call(h, 'GET', `/api/v1/admin/audit?targetId=${memberId}`, { token: admin });
      return trail.body.entries?.length ? trail.body.entries : undefined;
    });
    // A second delivery would have landed by now if the consumer were not idempotent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const trail = await call(h, 'GET', `/api/v1/admin/audit?actorId=${actorId}`, { token: admin });
    expect(trail.body.entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId,
      action: 'identity.permission.granted',
      targetType: 'member',
      targetId: memberId,
      at: '2026-01-02T03:04:05.000Z',
      before: { grantedPermissions: [] },
      after: { grantedPermissions: ['users_update'] },
    });
  });
});
