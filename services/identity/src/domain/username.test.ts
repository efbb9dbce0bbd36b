import { RESERVED_USERNAMES } from '@mer/contracts';
import { describe, expect, it } from 'vitest';
import { couldBeUsername, normaliseUsername, usernameProblem, UsernameReasons } from './username.ts';

describe('username rules', () => {
  it('accepts 3 to 30 letters, digits, underscores and hyphens', () => {
    for (const ok of ['abc', 'Mira_Sol-7', 'a'.repeat(30), '___', 'x-1'])
      expect(usernameProblem(ok), ok).toBeUndefined();
  });

  it('explains each rule it breaks', () => {
    expect(usernameProblem('')).toBe(UsernameReasons.required);
    expect(usernameProblem('   ')).toBe(UsernameReasons.required);
    expect(usernameProblem('ab')).toBe('Username must be at least 3 characters');
    expect(usernameProblem('a'.repeat(31))).toBe('Username must be less than 30 characters');
    for (const bad of ['mira sol', 'mira.sol', 'mira@sol', 'mïra', 'мира', 'a\u0000b', 'ab🙂']) {
      expect(usernameProblem(bad), bad).toBe(
        'Username can only contain letters, numbers, underscores and hyphens',
      );
    }
  });

  it('refuses the twelve reserved names in any case', () => {
    expect(RESERVED_USERNAMES).toHaveLength(12);
    for (const name of RESERVED_USERNAMES) {
      expect(usernameProblem(name)).toBe('This username is reserved');
      expect(usernameProblem(name.toUpperCase())).toBe('This username is reserved');
    }
    expect(usernameProblem('mer-admin')).toBeUndefined();
    expect(usernameProblem('admins')).toBeUndefined();
  });

  it('stores usernames lower-case and trimmed', () => {
    expect(normaliseUsername('  Mira_SOL ')).toBe('mira_sol');
  });

  it('looks up only identifiers that could be usernames', () => {
    expect(couldBeUsername('Admin')).toBe(true);
    expect(couldBeUsername('a\u0000')).toBe(false);
    expect(couldBeUsername('x'.repeat(65))).toBe(false);
  });
});
