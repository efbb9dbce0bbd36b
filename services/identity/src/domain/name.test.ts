import { describe, expect, it } from 'vitest';
import { isFullName, nameProblem, normaliseName, NAME_MAX } from './name.ts';

describe('name rules', () => {
  it('keeps names as typed, without surrounding or doubled spaces', () => {
    expect(normaliseName('  Mira   Sol  ')).toBe('Mira Sol');
    expect(normaliseName('Jose\u0301')).toBe('José'); // composed form
  });

  it('requires a name', () => {
    expect(nameProblem('')).toBe('Name is required');
    expect(nameProblem(' \t\n ')).toBe('Name is required');
  });

  it('accepts names from every script, up to the limit in characters', () => {
    for (const ok of ['Mira Sol', 'Zoë Ångström', 'Ана Лу', '王 小明', "Nils-Åke O'Neil", '🙂 Sunny'])
      expect(nameProblem(ok), ok).toBeUndefined();
    expect(nameProblem('é'.repeat(NAME_MAX))).toBeUndefined();
    expect(nameProblem('é'.repeat(NAME_MAX + 1))).toBe(`Name must be at most ${NAME_MAX} characters`);
  });

  it('refuses control characters and direction overrides that disguise a name', () => {
    for (const bad of ['Mira\u0000', 'Mi\u0007ra', 'Mira \u202Enimda', 'x\u2066y']) {
      expect(nameProblem(bad), JSON.stringify(bad)).toBe('Name contains characters that are not allowed');
    }
  });

  it('counts a full name as two or more words of at least two characters (an onboarding hint only)', () => {
    expect(isFullName('Mira Sol')).toBe(true);
    expect(isFullName('Mira  Sol  Luz')).toBe(true);
    expect(isFullName('Mira')).toBe(false);
    expect(isFullName('Mira S')).toBe(false);
    expect(isFullName('王小 明明')).toBe(true);
  });
});
