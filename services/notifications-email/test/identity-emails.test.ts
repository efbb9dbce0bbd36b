import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EmailChangeRequested,
  PasswordChanged,
  PasswordResetRequested,
  UserDeleted,
  UserRegistered,
  WaitingListInvited,
  type OutboxEmail,
} from '@mer/contracts';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import {
  PUBLIC_URL,
  createTokenIssuer,
  deliveringTwice,
  identityEvent,
  queueRows,
  startEmailService,
  type EmailService,
} from './harness.ts';

let infra: TestInfra;
let service: EmailService;
let tokens: Awaited<ReturnType<typeof createTokenIssuer>>;
let adminToken: string;

beforeAll(async () => {
  infra = await createTestInfra();
  console.log(`notifications-email identity e-mails on ${infra.describe}`);
  tokens = await createTokenIssuer();
  adminToken = await tokens.token({ perms: ['system_admin'], roles: ['admin'] });
  // Every event reaches the handlers twice, as after a lost ack: each test also proves idempotency.
  service = await startEmailService(infra, { verifier: tokens.verifier, bus: deliveringTwice(infra.bus) });
});

afterAll(async () => {
  await service?.stop();
  await infra?.close();
});

function registered(overrides: Partial<{ userId: string; email: string; name: string }> = {}) {
  const userId = overrides.userId ?? randomUUID();
  return identityEvent(UserRegistered, {
    userId,
    email: overrides.email ?? `member-${userId.slice(0, 8)}@example.com`,
    name: overrides.name ?? 'Ana Lua',
    username: `member_${userId.slice(0, 8)}`,
    discountPercent: null,
    emailConfirmationUrl: `${PUBLIC_URL}/confirm-email?token=confirm-${userId}`,
    registeredAt: new Date().toISOString(),
  });
}

async function outbox(query: string, token = adminToken): Promise<{ status: number; body: any }> {
  const response = await fetch(`${service.url}/api/v1/notifications-email/admin/outbox${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: await response.json() };
}

async function sentTo(address: string, count: number): Promise<OutboxEmail[]> {
  return eventually(async () => {
    const { body } = await outbox(`?to=${encodeURIComponent(address)}`);
    const emails = body.emails as OutboxEmail[];
    return emails.length === count && emails.every((e) => e.status === 'sent') ? emails : null;
  });
}

describe('notifications-email: identity e-mails', () => {
  it('sends the e-mail confirmation and a welcome on sign-up, through the local outbox', async () => {
    const event = registered({ name: 'Ana <b>Lua</b>' });
    await infra.bus.publish(event);
    const emails = await sentTo(event.payload.email, 2);

    const confirmation = emails.find((e) => e.kind === 'email_confirmation')!;
    const welcome = emails.find((e) => e.kind === 'welcome')!;
    expect(confirmation.subject).toBe('Please confirm your e-mail address for MER');
    expect(confirmation.text).toContain(event.payload.emailConfirmationUrl);
    expect(confirmation.transport).toBe('outbox');
    expect(confirmation.attempts).toBe(1);
    expect(confirmation.lastError).toBeNull();
    expect(confirmation.sentAt).not.toBeNull();
    expect(welcome.subject).toBe('Welcome to MER');
    expect(welcome.text).toContain('Hello Ana <b>Lua</b>,');
    expect(welcome.text).toContain(PUBLIC_URL);

    const rows = (await queueRows(service)).filter((r) => r.event_id === event.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.user_id).toBe(event.payload.userId);
      expect(row.html_body).toContain('Hello Ana &lt;b&gt;Lua&lt;/b&gt;,');
      expect(row.html_body).not.toContain('<b>Lua</b>');
    }
    expect(rows.find((r) => r.kind === 'email_confirmation')!.action_url).toBe(
      event.payload.emailConfirmationUrl,
    );
  });

  it('sends the invitation code to someone an admin invited from the waiting list, once', async () => {
    const email = `waiting-${randomUUID().slice(0, 8)}@example.com`;
    const event = identityEvent(WaitingListInvited, {
      email,
      name: 'Ada Wait',
      invitationCode: 'ABCD2345',
      signupUrl: `${PUBLIC_URL}/signup?code=ABCD2345`,
    });
    await infra.bus.publish(event);
    const [invitation] = await sentTo(email, 1);
    expect(invitation).toMatchObject({ kind: 'waiting_list_invitation', subject: 'Your invitation to MER' });
    expect(invitation!.text).toContain('ABCD2345');
    expect(invitation!.text).toContain(`${PUBLIC_URL}/signup?code=ABCD2345`);
    const rows = (await queueRows(service)).filter((r) => r.event_id === event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.user_id).toBeNull();
  });

  it('sends the password-reset link, valid for 1 hour', async () => {
    const userId = randomUUID();
    const occurredAt = new Date();
    const event = identityEvent(
      PasswordResetRequested,
      {
        userId,
        email: 'Reset.Me@Example.com',
        name: 'Bea',
        resetUrl: `${PUBLIC_URL}/reset-password?token=reset-${userId}`,
        expiresAt: new Date(occurredAt.getTime() + 3_600_000).toISOString(),
      },
      { occurredAt: occurredAt.toISOString() },
    );
    await infra.bus.publish(event);
    // The filter ignores case: the e2e tests look addresses up as members typed them.
    const [reset] = await sentTo('reset.me@example.com', 1);
    expect(reset!.to).toBe('Reset.Me@Example.com');
    expect(reset!.kind).toBe('password_reset');
    expect(reset!.subject).toBe('Reset your MER password');
    expect(reset!.text).toContain(event.payload.resetUrl);
    expect(reset!.text).toContain('expires in 1 hour');
    expect(reset!.text).toContain('If you did not ask for this, you can safely ignore this e-mail');
  });

  it('sends the e-mail-change confirmation to the new address only', async () => {
    const userId = randomUUID();
    const event = identityEvent(EmailChangeRequested, {
      userId,
      name: 'Cai',
      newEmail: `new-${userId.slice(0, 8)}@example.com`,
      confirmationUrl: `${PUBLIC_URL}/confirm-email?token=change-${userId}`,
    });
    await infra.bus.publish(event);
    const [email] = await sentTo(event.payload.newEmail, 1);
    expect(email!.kind).toBe('email_change_confirmation');
    expect(email!.subject).toBe('Confirm your new e-mail address for MER');
    expect(email!.text).toContain(event.payload.confirmationUrl);
  });

  it('sends a short security notice when the password changed', async () => {
    const userId = randomUUID();
    const event = identityEvent(PasswordChanged, {
      userId,
      email: `changed-${userId.slice(0, 8)}@example.com`,
      name: 'Dara',
      reason: 'change',
    });
    await infra.bus.publish(event);
    const [email] = await sentTo(event.payload.email, 1);
    expect(email!.kind).toBe('password_changed');
    expect(email!.subject).toBe('Your MER password was changed');
    expect(email!.text).toContain(`${PUBLIC_URL}/login`);
  });

  it("removes a deleted member's e-mails and queues none for them afterwards", async () => {
    const gone = registered();
    const stays = registered();
    await infra.bus.publish(gone);
    await infra.bus.publish(stays);
    await sentTo(gone.payload.email, 2);
    await sentTo(stays.payload.email, 2);

    await infra.bus.publish(identityEvent(UserDeleted, { userId: gone.payload.userId }));
    await eventually(
      async () => (await outbox(`?to=${encodeURIComponent(gone.payload.email)}`)).body.emails.length === 0,
    );

    // A reset requested before the deletion but handled after it must not bring an e-mail back.
    const late = identityEvent(PasswordResetRequested, {
      userId: gone.payload.userId,
      email: gone.payload.email,
      name: gone.payload.name,
      resetUrl: `${PUBLIC_URL}/reset-password?token=late`,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await infra.bus.publish(late);
    const marker = registered();
    await infra.bus.publish(marker);
    await sentTo(marker.payload.email, 2);
    await eventually(async () => {
      const handled = await service.context.database.db
        .selectFrom('processed_events')
        .select('event_id')
        .where('event_id', '=', late.id)
        .executeTakeFirst();
      return handled !== undefined;
    });

    const rows = await queueRows(service);
    expect(rows.filter((r) => r.user_id === gone.payload.userId)).toEqual([]);
    expect(rows.filter((r) => r.to_address === gone.payload.email)).toEqual([]);
    expect(rows.filter((r) => r.action_url === late.payload.resetUrl)).toEqual([]);
    expect(rows.filter((r) => r.user_id === stays.payload.userId)).toHaveLength(2);
  });

  it('lists the outbox newest first, with a limit, for admins only', async () => {
    const first = registered();
    const second = registered();
    await infra.bus.publish(first);
    await sentTo(first.payload.email, 2);
    await infra.bus.publish(second);
    await sentTo(second.payload.email, 2);

    const { status, body } = await outbox('?limit=3');
    expect(status).toBe(200);
    expect(body.emails).toHaveLength(3);
    expect(body.emails[0].to).toBe(second.payload.email);
    expect(body.emails[1].to).toBe(second.payload.email);
    expect(body.emails[2].to).toBe(first.payload.email);
    // Welcome is queued after the confirmation in the same transaction: newest first shows it first.
    expect(body.emails.slice(0, 2).map((e: OutboxEmail) => e.kind)).toEqual([
      'welcome',
      'email_confirmation',
    ]);

    const anonymous = await outbox('', '');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.title).toBe('Authentication Error');
    const member = await outbox('', await tokens.token({ perms: [] }));
    expect(member.status).toBe(403);
    expect(member.body.error.title).toBe('Permission Denied');
    const tooMany = await outbox('?limit=1000');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('invalid_data');
  });

  it('queues one e-mail per kind when the same event is delivered twice', async () => {
    // The service in this file runs on a bus that delivers everything twice (see beforeAll).
    const event = registered();
    await infra.bus.publish(event);
    await infra.bus.publish(event); // and published twice: the bus keeps it once
    await sentTo(event.payload.email, 2);
    // A later event is handled too, so the duplicates above had every chance to land.
    const next = registered();
    await infra.bus.publish(next);
    await sentTo(next.payload.email, 2);

    const rows = (await queueRows(service)).filter((r) => r.event_id === event.id);
    expect(rows.map((r) => r.kind).sort()).toEqual(['email_confirmation', 'welcome']);
    const processed = await service.context.database.db
      .selectFrom('processed_events')
      .selectAll()
      .where('event_id', '=', event.id)
      .execute();
    expect(processed).toHaveLength(1);
    const outcomes = (await service.context.metrics.eventsConsumed.get()).values;
    const count = (outcome: string) =>
      outcomes.find((v) => v.labels.subject === UserRegistered.subject && v.labels.outcome === outcome)
        ?.value;
    // Every sign-up so far was delivered twice: once handled, once recognised and left alone.
    expect(count('handled')).toBeGreaterThanOrEqual(2);
    expect(count('duplicate')).toBe(count('handled'));
  });
});
