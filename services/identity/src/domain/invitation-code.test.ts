import { describe, expect, it } from 'vitest';
import {
  couldBeInvitationCode,
  generateInvitationCode,
  INVITATION_CODE_ALPHABET,
  normaliseInvitationCode,
} from './invitation-code.ts';

describe('invitation codes', () => {
  it('are 8 upper-case letters and digits without look-alikes', () => {
    expect(INVITATION_CODE_ALPHABET).not.toMatch(/[01IOL]/);
    const codes = new Set(Array.from({ length: 500 }, generateInvitationCode));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
  });

  it('are compared upper-case and trimmed', () => {
    expect(normaliseInvitationCode(' ab3k9mzq ')).toBe('AB3K9MZQ');
    expect(couldBeInvitationCode('AB3K9MZQ')).toBe(true);
    expect(couldBeInvitationCode('AB3K 9MZ')).toBe(false);
    expect(couldBeInvitationCode('AB\u0000')).toBe(false);
  });
});
