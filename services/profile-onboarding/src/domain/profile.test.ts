import { describe, expect, it } from 'vitest';
import { publicName, textList } from './profile.ts';

describe('publicName', () => {
  it("is the member's name, trimmed", () => {
    expect(publicName('  Ana Lua ')).toBe('Ana Lua');
  });

  it('is Anonymous for a blank or missing name', () => {
    for (const name of ['', '   ', null, undefined]) expect(publicName(name)).toBe('Anonymous');
  });
});

describe('textList', () => {
  it('keeps strings of a list and reads anything else as empty', () => {
    expect(textList(['en', 3, 'pt'])).toEqual(['en', 'pt']);
    expect(textList({ en: true })).toEqual([]);
    expect(textList(null)).toEqual([]);
  });
});
