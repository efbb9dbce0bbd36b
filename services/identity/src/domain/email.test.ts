import { describe, expect, it } from 'vitest';
import { isValidEmail, normaliseEmail } from './email.ts';

describe('e-mail rules', () => {
  it('normalises to lower-case without surrounding spaces', () => {
    expect(normaliseEmail('  Mira.Sol@Example.ORG ')).toBe('mira.sol@example.org');
  });

  it('accepts ordinary and unusual but valid addresses', () => {
    for (const ok of [
      'a@b.co',
      'mira+mer@example.org',
      'first.last@sub.example.co.uk',
      'admin@mer.local',
      'zoë@exämple.de',
    ]) {
      expect(isValidEmail(ok), ok).toBe(true);
    }
  });

  it('refuses what cannot be an address', () => {
    for (const bad of [
      '',
      'mira',
      'mira@',
      '@example.org',
      'mira@example',
      'mira@@example.org',
      'mi ra@example.org',
      'mira@example..org',
      'a@b.c\u0000',
      '<a@b.co>',
      `${'a'.repeat(250)}@b.co`,
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});
