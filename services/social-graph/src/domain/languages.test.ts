import { describe, expect, it } from 'vitest';
import { languageName } from './languages.ts';

describe('languageName', () => {
  it('names ISO 639-1 ids in English and keeps anything else as stored', () => {
    expect(languageName('pt')).toBe('Portuguese');
    expect(languageName('de')).toBe('German');
    expect(languageName('not a tag!')).toBe('not a tag!');
  });
});
