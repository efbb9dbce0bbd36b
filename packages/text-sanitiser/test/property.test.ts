import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { sanitise } from '@mer/text-sanitiser';

import { HOSTILE_CORPUS } from './hostile-corpus.ts';
import { elementsOf } from './safety.ts';

/** Pieces hostile input is made of, so generated strings hit the interesting paths often. */
const PIECES = [
  '<',
  '>',
  '/',
  '"',
  "'",
  '=',
  ' ',
  '&',
  ';',
  '#',
  ':',
  '\t',
  '\n',
  '\u0000',
  'script',
  'SCRIPT',
  'javascript:',
  'java',
  'script:',
  'vbscript:',
  'data:',
  'text/html',
  'expression(',
  'onerror',
  'onclick',
  'onload=',
  'on',
  'href',
  'src',
  'style',
  'iframe',
  'svg',
  'img',
  'a',
  'b',
  'p',
  'br',
  '&lt;',
  '&gt;',
  '&amp;',
  '&#x3C;',
  '&#60;',
  '&colon;',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  'alert(1)',
  'x',
];
const hostileText = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join('')),
  fc
    .tuple(
      fc.constantFrom(...HOSTILE_CORPUS.map((c) => c.input)),
      fc.string(),
      fc.constantFrom(...HOSTILE_CORPUS.map((c) => c.input)),
    )
    .map(([a, b, c]) => a + b + c),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

function assertSafe(value: string): void {
  expect(value).not.toMatch(/<script/i);
  expect(value).not.toMatch(/javascript:/i);
  for (const { name, attributes } of elementsOf(value)) {
    for (const attribute of Object.keys(attributes))
      expect(attribute, `<${name} ${attribute}>`).not.toMatch(/^on/);
  }
}

describe('sanitiser properties', () => {
  it('never outputs <script, an on* attribute or javascript:, whatever the input and mode', () => {
    fc.assert(
      fc.property(hostileText, fc.boolean(), fc.boolean(), (input, allowHtml, allowLinks) => {
        const result = sanitise(input, { allowHtml, allowLinks });
        if (result.ok) assertSafe(result.value);
      }),
      { numRuns: 3000 },
    );
  });

  it('plain-text output has no markup at all', () => {
    fc.assert(
      fc.property(hostileText, (input) => {
        const result = sanitise(input);
        if (result.ok) expect(elementsOf(result.value)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent: sanitising the output again changes nothing', () => {
    fc.assert(
      fc.property(hostileText, fc.boolean(), (input, allowHtml) => {
        const first = sanitise(input, { allowHtml, allowLinks: true });
        if (!first.ok) return;
        const second = sanitise(first.value, { allowHtml, allowLinks: true });
        expect(second).toMatchObject({ ok: true, value: first.value });
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps ordinary text exactly as typed (plain mode, trimmed)', () => {
    const ordinary = fc.string({ unit: fc.constantFrom(...Array.from('abcdefghij ,.!?-()0123456789éü🙏')) });
    fc.assert(
      fc.property(ordinary, (text) => {
        expect(sanitise(text)).toEqual({ ok: true, value: text.trim(), threats: [] });
      }),
    );
  });
});
