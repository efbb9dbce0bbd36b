import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';

import {
  SANITISER_THREATS,
  securityThreatDetectedEvent,
  SecurityThreatDetectedPayload,
} from '@mer/contracts';
import {
  classifyThreats,
  sampleOf,
  sanitise,
  SANITISER_TEXTS,
  securityEvent,
  THREAT_LABELS,
} from '@mer/text-sanitiser';

const context = { service: 'community-feed', userId: null, field: 'post.content' };

describe('security events from sanitiser results (spec 001 section 8)', () => {
  it('names script injection suspicious_script_injection, critical', () => {
    for (const input of [
      '<script>alert(1)</script>hi',
      '<a href="javascript:x()">x</a>',
      '<b onclick=x()>x</b>',
    ]) {
      expect(securityEvent(sanitise(input, { allowHtml: true }), context)).toMatchObject({
        name: 'suspicious_script_injection',
        severity: 'critical',
      });
    }
  });

  it('names an iframe iframe_injection_detected, high', () => {
    expect(securityEvent(sanitise('<iframe src="https://x.example"></iframe>hi'), context)).toMatchObject({
      name: 'iframe_injection_detected',
      severity: 'high',
      labels: ['Iframe injection'],
    });
  });

  it('names the other labels, stripped content and failures with the spec names', () => {
    expect(classifyThreats(['Object/embed injection'])).toEqual({
      name: 'suspicious_element_blocked',
      severity: 'high',
    });
    expect(classifyThreats(['Form injection'])).toEqual({
      name: 'suspicious_element_blocked',
      severity: 'high',
    });
    expect(classifyThreats(['Data URI injection'])).toEqual({
      name: 'suspicious_input_detected',
      severity: 'medium',
    });
    expect(classifyThreats(['CSS expression injection'])).toEqual({
      name: 'suspicious_input_detected',
      severity: 'medium',
    });
    expect(classifyThreats(['CSS behavior injection'])).toEqual({
      name: 'suspicious_input_detected',
      severity: 'medium',
    });
    expect(classifyThreats(['All content was stripped during sanitization'])).toEqual({
      name: 'content_completely_stripped',
      severity: 'low',
    });
    expect(classifyThreats(['Sanitization process failed'])).toEqual({
      name: 'sanitization_error',
      severity: 'medium',
    });
    // The worst one names the event; every label is kept.
    expect(classifyThreats(['Iframe injection', 'Script tag injection'])).toMatchObject({
      severity: 'critical',
    });
    expect(classifyThreats([])).toBeUndefined();
  });

  it('fits the one shared payload schema, under the service own subject', () => {
    const result = sanitise('<script>alert(1)</script>');
    const payload = securityEvent(result, context);
    expect(Value.Errors(SecurityThreatDetectedPayload, payload).First()).toBeUndefined();
    expect(payload).toEqual({
      name: 'suspicious_script_injection',
      severity: 'critical',
      service: 'community-feed',
      userId: null,
      field: 'post.content',
      labels: ['Script tag injection', 'All content was stripped during sanitization'],
      description: 'Script tag injection, All content was stripped during sanitization in post.content',
      sample: '<script>alert(1)</script>',
      inputLength: 25,
      inputSha256: '5c140d35dcb46a622e2cedf5ef5cc3638cdffd1c118c9331f8c84669f0b74783',
    });
    expect(securityThreatDetectedEvent('community-feed').subject).toBe(
      'community-feed.security.threat-detected.v1',
    );
  });

  it('never carries a whole long payload: a short one-line sample, its length and hash', () => {
    const hostile = `<script>${'x'.repeat(5000)}</script>\u0000\n`;
    const payload = securityEvent(sanitise(hostile, { trim: false }), context);
    expect(payload.sample).toHaveLength(64);
    expect(payload.sample.endsWith('…')).toBe(true);
    expect(payload.inputLength).toBe(hostile.length);
    expect(sampleOf('a\u0000b\nc\ud800')).toBe('a b c\ufffd');
  });

  it('reports exactly the threats the contract lists', () => {
    expect([
      ...Object.values(THREAT_LABELS),
      SANITISER_TEXTS.contentStripped,
      SANITISER_TEXTS.failed,
    ]).toEqual([...SANITISER_THREATS]);
  });

  it('refuses to build an event when nothing was found', () => {
    expect(() => securityEvent(sanitise('hello'), context)).toThrow();
  });
});
