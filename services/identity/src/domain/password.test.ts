import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from './password.ts';

describe('new password rules', () => {
  it('reports problems in the order of the reset page: missing, mismatch, too short', () => {
    expect(newPasswordProblem('', '')).toBe('missing');
    expect(newPasswordProblem('abcdef', '')).toBe('missing');
    expect(newPasswordProblem('abc', 'abd')).toBe('mismatch');
    expect(newPasswordProblem('abc', 'abc')).toBe('too_short');
    expect(newPasswordProblem('abcdef', 'abcdef')).toBeUndefined();
  });

  it('counts characters, not bytes, and keeps spaces', () => {
    expect(newPasswordProblem('🙂🙂🙂', '🙂🙂🙂')).toBe('too_short');
    expect(newPasswordProblem('      ', '      ')).toBeUndefined();
  });
});
