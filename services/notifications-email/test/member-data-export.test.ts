import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordResetRequested, UserRegistered, type NotificationsEmailDataExport } from '@mer/contracts';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import { PUBLIC_URL, createTokenIssuer, identityEvent, queueRows, startEmailService } from './harness.ts';

const EXPORT = '/api/v1/notifications-email/me/export';

let infra: TestInfra;
let service: Awaited<ReturnType<typeof startEmailService>>;
let tokens: Awaited<ReturnType<typeof createTokenIssuer>>;
const ana = { userId: randomUUID(), email: `ana-${randomUUID().slice(0, 8)}@example.com` };
const rio = { userId: randomUUID(), email: `rio-${randomUUID().slice(0, 8)}@example.com` };

function registered(member: { userId: string; email: string }) {
  return identityEvent(UserRegistered, {
    userId: member.userId,
    email: member.email,
    name: 'Ana Lua',
    username: `member_${member.userId.slice(0, 8)}`,
    discountPercent: null,
    emailConfirmationUrl: `${PUBLIC_URL}/confirm-email#token=confirm-${member.userId}`,
    registeredAt: new Date().toISOString(),
  });
}

async function exportOf(token?: string): Promise<Response> {
  return fetch(`${service.url}${EXPORT}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTokenIssuer();
  service = await startEmailService(infra, { verifier: tokens.verifier });
  await infra.bus.publish(registered(ana));
  await infra.bus.publish(registered(rio));
  await infra.bus.publish(
    identityEvent(PasswordResetRequested, {
      userId: ana.userId,
      email: ana.email,
      name: 'Ana Lua',
      resetUrl: `${PUBLIC_URL}/reset-password#token=reset-secret-${ana.userId}`,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    }),
  );
  // Confirmation and welcome for each member, and Ana's reset link.
  await eventually(async () => ((await queueRows(service)).length === 5 ? true : null));
});

afterAll(async () => {
  await service?.stop();
  await infra?.close();
});

describe("notifications-email's part of Download my data", () => {
  it("lists the e-mails queued or sent to the member, and nobody else's", async () => {
    const response = await exportOf(await tokens.token({ sub: ana.userId }));
    expect(response.status).toBe(200);
    const part = (await response.json()) as NotificationsEmailDataExport;
    expect(part).toMatchObject({ service: 'notifications-email', version: 1 });
    expect(part.data.emails.map((e) => e.kind).sort()).toEqual([
      'email_confirmation',
      'password_reset',
      'welcome',
    ]);
    for (const email of part.data.emails) expect(email.to).toBe(ana.email);
    expect(JSON.stringify(part)).not.toContain(rio.email);
  });

  it("holds no body or link: they carried the member's one-time tokens", async () => {
    const text = await (await exportOf(await tokens.token({ sub: ana.userId }))).text();
    expect(text).not.toContain('token=');
    expect(text).not.toContain(`reset-secret-${ana.userId}`);
    expect(text).not.toContain(`confirm-${ana.userId}`);
    const bodies = (await queueRows(service)).filter((row) => row.user_id === ana.userId);
    for (const row of bodies) {
      expect(text).not.toContain(row.text_body.slice(0, 60));
      if (row.action_url) expect(text).not.toContain(row.action_url);
    }
  });

  it('refuses a caller without a valid token', async () => {
    expect((await exportOf()).status).toBe(401);
    expect((await exportOf('forged')).status).toBe(401);
  });
});
