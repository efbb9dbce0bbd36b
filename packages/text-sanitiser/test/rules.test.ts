import { describe, expect, it } from 'vitest';

import { DEFAULT_MAX_LENGTH, sanitise, SANITISER_TEXTS, THREAT_LABELS } from '@mer/text-sanitiser';

/** Spec 001 section 5 "Text sanitiser", one test per rule, in its words. */
describe('text sanitiser rules (spec 001 section 5)', () => {
  it("rejects non-string input ('Invalid input type')", () => {
    for (const input of [42, null, undefined, {}, ['a'], true]) {
      expect(sanitise(input)).toEqual({ ok: false, error: 'Invalid input type', threats: [] });
    }
  });

  it("rejects input longer than the maximum, default 10000 ('Input exceeds maximum length of N')", () => {
    expect(DEFAULT_MAX_LENGTH).toBe(10_000);
    expect(sanitise('a'.repeat(10_000))).toMatchObject({ ok: true, value: 'a'.repeat(10_000) });
    expect(sanitise('a'.repeat(10_001))).toEqual({
      ok: false,
      error: 'Input exceeds maximum length of 10000',
      threats: [],
    });
    expect(sanitise('abcdef', { maxLength: 5 })).toMatchObject({
      error: 'Input exceeds maximum length of 5',
    });
    // Characters, not UTF-16 units: five emoji are five characters.
    expect(sanitise('🙏🙏🙏🙏🙏', { maxLength: 5 })).toMatchObject({ ok: true, value: '🙏🙏🙏🙏🙏' });
  });

  it('trims whitespace by default', () => {
    expect(sanitise('  namaste \n')).toEqual({ ok: true, value: 'namaste', threats: [] });
    expect(sanitise('  namaste ', { trim: false })).toEqual({ ok: true, value: '  namaste ', threats: [] });
  });

  it('allows no HTML tags by default: the text stays, the tags go', () => {
    expect(sanitise('<b>Deep</b> <i>breath</i><p>in</p>')).toMatchObject({
      value: 'Deep breathin',
      threats: [],
    });
    // Plain text is text: ampersands and a heart stay as typed, not as entities.
    expect(sanitise('Yoga & tea, I <3 you')).toMatchObject({ value: 'Yoga & tea, I <3 you' });
  });

  it('allows only b, i, em, strong, p and br when HTML is allowed', () => {
    const input =
      '<p><b>b</b><i>i</i><em>em</em><strong>strong</strong><br>' +
      '<u>u</u><img src="x.png"><span style="color:red">span</span><a href="https://mer.example">a</a></p><h1>h1</h1>';
    expect(sanitise(input, { allowHtml: true })).toMatchObject({
      value: '<p><b>b</b><i>i</i><em>em</em><strong>strong</strong><br />uspana</p>h1',
      threats: [],
    });
  });

  it('allows a with href as well when links are allowed (http, https, mailto)', () => {
    const result = sanitise(
      '<a href="https://mer.example/circles" title="t" class="c">circles</a> <a href="mailto:hi@mer.example">mail</a>',
      {
        allowHtml: true,
        allowLinks: true,
      },
    );
    expect(result).toMatchObject({
      ok: true,
      value:
        '<a href="https://mer.example/circles" rel="nofollow noopener noreferrer" target="_blank">circles</a> ' +
        '<a href="mailto:hi@mer.example" rel="nofollow noopener noreferrer" target="_blank">mail</a>',
      threats: [],
    });
    expect(sanitise('<a href="ftp://x">f</a>', { allowHtml: true, allowLinks: true })).not.toMatchObject({
      value: expect.stringContaining('ftp:'),
    });
    // Links need HTML: allowLinks alone keeps text only.
    expect(sanitise('<a href="https://x.org">x</a>', { allowLinks: true })).toMatchObject({ value: 'x' });
  });

  it('removes script, iframe, event-handler, javascript:, vbscript: and expression patterns', () => {
    const html = { allowHtml: true, allowLinks: true };
    expect(sanitise('hi<script>alert(1)</script>', html)).toMatchObject({ value: 'hi' });
    expect(sanitise('hi<iframe src="https://evil.example"></iframe>', html)).toMatchObject({ value: 'hi' });
    expect(sanitise('<b onclick="alert(1)" onmouseover=alert(2)>hi</b>', html)).toMatchObject({
      value: '<b>hi</b>',
    });
    expect(
      sanitise('<a href="javascript:alert(1)">x</a>', html).ok &&
        sanitise('<a href="javascript:alert(1)">x</a>', html),
    ).toMatchObject({
      value: expect.not.stringContaining('javascript'),
    });
    expect(sanitise('<a href="vbscript:msgbox(1)">x</a>', html)).toMatchObject({
      value: expect.not.stringContaining('vbscript'),
    });
    expect(sanitise('see javascript:alert(1) and VBScript:x')).toMatchObject({ value: 'see alert(1) and x' });
    expect(sanitise('<p style="width: expression(alert(1))">x</p>', html)).toMatchObject({
      value: '<p>x</p>',
    });
  });

  it("flags 'All content was stripped during sanitization' when nothing is left of non-empty input", () => {
    expect(sanitise('<script>alert(1)</script>')).toEqual({
      ok: true,
      value: '',
      threats: [THREAT_LABELS.scriptTagInjection, 'All content was stripped during sanitization'],
      evidence: { input: '<script>alert(1)</script>' },
    });
    expect(sanitise('<br><p></p>', { allowHtml: true }).threats).toEqual([]);
    expect(sanitise('<hr>').threats).toEqual(['All content was stripped during sanitization']);
    // Empty or blank input is just empty: nothing was stripped.
    expect(sanitise('')).toEqual({ ok: true, value: '', threats: [] });
    expect(sanitise('   ')).toEqual({ ok: true, value: '', threats: [] });
  });

  it("gives 'Sanitization process failed' when the sanitiser fails", () => {
    // Markup hidden behind more levels of entities than the sanitiser unwraps cannot be settled.
    let nested = '<script>alert(1)</script>';
    for (let level = 0; level < 12; level += 1)
      nested = nested.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(sanitise(nested)).toEqual({
      ok: false,
      error: 'Sanitization process failed',
      threats: ['Sanitization process failed'],
      evidence: { input: nested },
    });
    expect(SANITISER_TEXTS.failed).toBe('Sanitization process failed');
  });

  it('names the nine threat labels', () => {
    const cases: [string, string][] = [
      ['<a href="javascript:alert(1)">x</a>', 'Script injection'],
      ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', 'Data URI injection'],
      ['<b onclick="alert(1)">x</b>', 'Event handler injection'],
      ['<script>alert(1)</script>x', 'Script tag injection'],
      ['<iframe src="https://evil.example"></iframe>x', 'Iframe injection'],
      ['<object data="x.swf"></object><embed src="x.swf">x', 'Object/embed injection'],
      ['<form action="https://evil.example"><input name="password"></form>x', 'Form injection'],
      ['<p style="width: expression(alert(1))">x</p>', 'CSS expression injection'],
      ['<p style="behavior: url(x.htc)">x</p>', 'CSS behavior injection'],
    ];
    expect(Object.values(THREAT_LABELS)).toEqual(cases.map(([, label]) => label));
    for (const [input, label] of cases) expect(sanitise(input, { allowHtml: true }).threats).toEqual([label]);
  });

  it('reports nothing for ordinary text, also when it talks about these things', () => {
    for (const text of [
      'I love how my facial expression (a smile) changed after retreat.',
      'Our behavior: kind and calm.',
      'Form a circle on Sunday; the iframe of my life is open',
      'Meeting at 5 <= 6 pm?',
    ]) {
      expect(sanitise(text)).toEqual({ ok: true, value: text, threats: [] });
    }
  });
});
