import { describe, expect, it } from 'vitest';
import {
  composeEmailChangeConfirmation,
  composeEmailConfirmation,
  composePasswordChanged,
  composePasswordReset,
  composeWelcome,
  describeValidity,
  siteLinks,
} from './email-templates.ts';

const site = siteLinks('https://mer.example/');

describe('e-mail templates', () => {
  it('puts the confirmation link in both bodies and names MER', () => {
    const url = 'https://mer.example/confirm-email?token=abc&x=1';
    const email = composeEmailConfirmation(site, {
      to: 'ana@example.com',
      name: 'Ana',
      confirmationUrl: url,
    });
    expect(email.subject).toBe('Please confirm your e-mail address for MER');
    expect(email.actionUrl).toBe(url);
    expect(email.text).toContain(`Hello Ana,`);
    expect(email.text).toContain(`\n${url}\n`);
    expect(email.html).toContain('href="https://mer.example/confirm-email?token=abc&amp;x=1"');
    expect(email.text).toContain('https://mer.example\n');
  });

  it('escapes member names in HTML and keeps them on one line', () => {
    const name = '<script>alert("x")</script>\r\nBcc: evil@example.com';
    const email = composeWelcome(site, { to: 'a@example.com', name });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Bcc: evil@example.com');
    expect(email.text).toContain('Hello <script>alert("x")</script> Bcc: evil@example.com,');
    expect(email.subject).toBe('Welcome to MER');
  });

  it('greets without a name when the name is blank', () => {
    expect(composeWelcome(site, { to: 'a@example.com', name: '  ' }).text.startsWith('Hello,\n')).toBe(true);
  });

  it('says the reset link expires and can be ignored', () => {
    const email = composePasswordReset(site, {
      to: 'a@example.com',
      name: 'Ana',
      resetUrl: 'https://mer.example/reset-password?token=t',
      validFor: '1 hour',
    });
    expect(email.subject).toBe('Reset your MER password');
    expect(email.text).toContain('expires in 1 hour');
    expect(email.text).toContain('If you did not ask for this, you can safely ignore this e-mail');
    expect(email.actionUrl).toBe('https://mer.example/reset-password?token=t');
  });

  it('sends the e-mail-change confirmation to the new address', () => {
    const email = composeEmailChangeConfirmation(site, {
      to: 'new@example.com',
      name: 'Ana',
      confirmationUrl: 'https://mer.example/c',
    });
    expect(email.to).toBe('new@example.com');
    expect(email.kind).toBe('email_change_confirmation');
  });

  it('points the security notice to sign-in', () => {
    const email = composePasswordChanged(site, { to: 'a@example.com', name: 'Ana', reason: 'change' });
    expect(email.text).toContain('from your account settings');
    expect(email.text).toContain('https://mer.example/login');
    expect(email.actionUrl).toBeNull();
    expect(
      composePasswordChanged(site, { to: 'a@example.com', name: 'Ana', reason: 'reset' }).text,
    ).toContain('password-reset link');
  });

  it('describes link lifetimes in words', () => {
    const t = '2025-01-01T10:00:00.000Z';
    expect(describeValidity(t, '2025-01-01T11:00:00.000Z')).toBe('1 hour');
    expect(describeValidity(t, '2025-01-01T12:00:00.000Z')).toBe('2 hours');
    expect(describeValidity(t, '2025-01-01T10:30:00.000Z')).toBe('30 minutes');
    expect(describeValidity(t, '2025-01-01T10:59:59.700Z')).toBe('1 hour');
    expect(describeValidity(t, 'nonsense')).toBe('1 hour');
  });
});
