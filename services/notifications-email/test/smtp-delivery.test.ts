import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PasswordResetRequested, UserRegistered } from '@mer/contracts';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import { EmailDispatcher } from '../src/adapters/email-dispatcher.ts';
import { createMailTransport } from '../src/adapters/mail-transport.ts';
import { SmtpReceiver } from './smtp-receiver.ts';
import { PUBLIC_URL, identityEvent, queueRows, startEmailService, type EmailService } from './harness.ts';

let infra: TestInfra;
let receiver: SmtpReceiver;
let smtpUrl: string;
let service: EmailService;

beforeAll(async () => {
  infra = await createTestInfra();
  receiver = new SmtpReceiver();
  const port = await receiver.start();
  // The password has a ':' on purpose: nodemailer must take everything after the first one.
  smtpUrl = `smtp://mer:${encodeURIComponent('s3cret:pass')}@127.0.0.1:${port}`;
  service = await startEmailService(infra, { env: { SMTP_URL: smtpUrl, MAIL_FROM: 'MER <hello@mer.test>' } });
});

afterAll(async () => {
  await service?.stop();
  await receiver?.close();
  await infra?.close();
});

beforeEach(() => {
  receiver.received.length = 0;
});

function registered(email: string, name = 'Ana Lua') {
  const userId = randomUUID();
  return identityEvent(UserRegistered, {
    userId,
    email,
    name,
    username: `u${userId.slice(0, 8)}`,
    discountPercent: 10,
    emailConfirmationUrl: `${PUBLIC_URL}/confirm-email?token=c-${userId}&next=%2Fmembership`,
    registeredAt: new Date().toISOString(),
  });
}

describe('notifications-email over a real SMTP server', () => {
  it('delivers the confirmation and welcome e-mails with the right recipient, subjects and link', async () => {
    const event = registered('ana@example.com', 'Ana "Moon" <Lua>');
    await infra.bus.publish(event);
    const inbox = await eventually(() =>
      receiver.to('ana@example.com').length === 2 ? receiver.to('ana@example.com') : null,
    );

    const bySubject = new Map(inbox.map((r) => [r.mail.subject, r]));
    const confirmation = bySubject.get('Please confirm your e-mail address for MER')!;
    const welcome = bySubject.get('Welcome to MER')!;
    expect(confirmation).toBeDefined();
    expect(welcome).toBeDefined();
    for (const email of [confirmation, welcome]) {
      expect(email.rcptTo).toEqual(['ana@example.com']);
      expect(email.mailFrom).toBe('hello@mer.test');
      expect(email.mail.from?.value).toEqual([{ name: 'MER', address: 'hello@mer.test' }]);
      expect(email.mail.text).toContain('Hello Ana "Moon" <Lua>,');
      expect(email.mail.html).toContain('Hello Ana &quot;Moon&quot; &lt;Lua&gt;,');
    }
    expect(confirmation.mail.text).toContain(event.payload.emailConfirmationUrl);
    expect(confirmation.mail.html).toContain(
      `href="${event.payload.emailConfirmationUrl.replace(/&/g, '&amp;')}"`,
    );

    await eventually(async () => {
      const rows = (await queueRows(service)).filter((r) => r.event_id === event.id);
      return (
        rows.length === 2 &&
        rows.every((r) => r.status === 'sent' && r.transport === 'smtp' && r.attempts === 1)
      );
    });
  });

  it('delivers the password-reset e-mail with its link', async () => {
    const userId = randomUUID();
    const event = identityEvent(PasswordResetRequested, {
      userId,
      email: 'bea@example.com',
      name: 'Bea',
      resetUrl: `${PUBLIC_URL}/reset-password?token=r-${userId}`,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await infra.bus.publish(event);
    const [reset] = await eventually(() =>
      receiver.to('bea@example.com').length ? receiver.to('bea@example.com') : null,
    );
    expect(reset!.mail.subject).toBe('Reset your MER password');
    expect(reset!.mail.to && !Array.isArray(reset!.mail.to) ? reset!.mail.to.text : '').toBe(
      'bea@example.com',
    );
    expect(reset!.mail.text).toContain(event.payload.resetUrl);
    expect(reset!.mail.text).toContain('expires in 1 hour');
  });

  it('retries a temporary refusal with backoff, and gives up on a mailbox that does not exist', async () => {
    receiver.temporaryRejections.set('busy@example.com', 2);
    receiver.unknownMailboxes.add('nobody@example.com');
    const busy = registered('busy@example.com');
    const nobody = registered('nobody@example.com');
    await infra.bus.publish(busy);
    await infra.bus.publish(nobody);

    await eventually(async () => {
      const rows = (await queueRows(service)).filter((r) => r.event_id === busy.id);
      return rows.length === 2 && rows.every((r) => r.status === 'sent');
    });
    const busyRows = (await queueRows(service)).filter((r) => r.event_id === busy.id);
    // The two e-mails are sent one after the other: each meets one refusal, then goes through.
    const tries = busyRows.reduce((n, r) => n + r.attempts, 0);
    expect(tries).toBe(4);
    expect(receiver.to('busy@example.com')).toHaveLength(2);

    const nobodyRows = await eventually(async () => {
      const rows = (await queueRows(service)).filter((r) => r.event_id === nobody.id);
      return rows.length === 2 && rows.every((r) => r.status === 'failed') ? rows : null;
    });
    for (const row of nobodyRows) {
      expect(row.attempts).toBe(1);
      expect(row.last_error).toContain('550');
    }
  });

  it('stops after five tries when the server keeps refusing', async () => {
    receiver.temporaryRejections.set('always-busy@example.com', 1000);
    const event = registered('always-busy@example.com');
    await infra.bus.publish(event);
    const rows = await eventually(async () => {
      const all = (await queueRows(service)).filter((r) => r.event_id === event.id);
      return all.length === 2 && all.every((r) => r.status === 'failed') ? all : null;
    }, 20_000);
    for (const row of rows) {
      expect(row.attempts).toBe(5);
      expect(row.last_error).toContain('451');
    }
    expect(receiver.to('always-busy@example.com')).toHaveLength(0);
  });

  it('sends each queued e-mail once when several dispatchers (replicas) work the same queue', async () => {
    // Stop the service's own dispatcher competing: queue rows through events, then race three.
    await service.stop();
    const paused = await startEmailService(infra, {
      env: { SMTP_URL: smtpUrl, EMAIL_POLL_INTERVAL_MS: '3600000' },
    });
    try {
      const events = Array.from({ length: 15 }, (_, i) => registered(`replica-${i}@example.com`));
      for (const e of events) await infra.bus.publish(e);
      await eventually(
        async () =>
          (await queueRows(paused)).filter((r) => r.to_address.startsWith('replica-')).length === 30,
      );
      // Its dispatcher already made its first (empty) round and now sleeps for an hour.

      const dispatchers = Array.from({ length: 3 }, () => {
        const transport = createMailTransport({ smtpUrl, from: 'MER <hello@mer.test>', log: infra.logger });
        return new EmailDispatcher({
          deps: { ...paused.deps, mailTransport: transport },
          pollIntervalMs: 20,
          retryBaseMs: 50,
          leaseMs: 60_000,
          batchSize: 4,
        });
      });
      dispatchers.forEach((d) => d.start());
      await eventually(async () => {
        const rows = (await queueRows(paused)).filter((r) => r.to_address.startsWith('replica-'));
        return rows.every((r) => r.status === 'sent');
      });
      await Promise.all(dispatchers.map((d) => d.stop()));

      const received = receiver.received.filter((r) => r.rcptTo[0]!.startsWith('replica-'));
      expect(received).toHaveLength(30);
      const keys = received.map((r) => `${r.rcptTo[0]} ${r.mail.subject}`);
      expect(new Set(keys).size).toBe(30);
      const rows = (await queueRows(paused)).filter((r) => r.to_address.startsWith('replica-'));
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
    } finally {
      await paused.stop();
      service = await startEmailService(infra, { env: { SMTP_URL: smtpUrl } });
    }
  });
});
