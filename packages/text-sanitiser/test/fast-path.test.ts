import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { sanitise } from '@mer/text-sanitiser';

import { cleanThroughLibrary, PLAIN } from '../src/sanitise.ts';
import { HOSTILE_CORPUS } from './hostile-corpus.ts';

/**
 * Plain text with nothing to sanitise skips the library (a message send's common case); whatever the input, the
 * result must be exactly what the library gives.
 */
const PIECES = [
  'x',
  'Hello',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '"',
  "'",
  '=',
  ';',
  '#',
  ':',
  '/',
  '\\',
  'java',
  'script',
  'javascript',
  'script :',
  'vb',
  'data:',
  'expression(',
  'https://example.org/a?b=c',
  'é',
  '😀',
  '\u00a0',
  '\u200b',
  '\ufeff',
  '\ud83d',
  '\ude00',
  '&',
  '<',
  '>',
  '\u0000',
  '\u007f',
];
const texts = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom(...HOSTILE_CORPUS.map((c) => c.input)),
);

describe('the plain-text fast path', () => {
  it('gives exactly what the library gives, for any input', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const result = sanitise(text, { maxLength: 100_000 });
        if (!result.ok) return;
        const trimmed = text.trim();
        expect(result.value).toBe(cleanThroughLibrary(trimmed, false, PLAIN).trim());
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps ordinary messages as they are', () => {
    for (const text of ['Hello there, see you at 5 "sharp"?', 'Namasté 🙏 — https://example.org/x?y=1'])
      expect(sanitise(text)).toEqual({ ok: true, value: text, threats: [] });
  });
});
