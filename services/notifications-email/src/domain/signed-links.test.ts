import { describe, expect, it } from 'vitest';
import { ownSitePath, signLink, verifyLink } from './signed-links.ts';

describe('signed links', () => {
  it('verify only with the secret and for their purpose', () => {
    const token = signLink('s3cret', { p: 'unsubscribe', u: 'u1' });
    expect(verifyLink('s3cret', token, 'unsubscribe')).toEqual({ p: 'unsubscribe', u: 'u1' });
    expect(verifyLink('other', token, 'unsubscribe')).toBeNull();
    expect(verifyLink('s3cret', token, 'open')).toBeNull();
    const [body] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ p: 'unsubscribe', u: 'u2' })).toString('base64url')}.${token.split('.')[1]}`;
    expect(verifyLink('s3cret', forged, 'unsubscribe')).toBeNull();
    expect(verifyLink('s3cret', `${body}`, 'unsubscribe')).toBeNull();
  });
  it('redirect targets are paths on the own site only', () => {
    expect(ownSitePath('https://mer.example/messages/1?x=1', 'https://mer.example')).toBe('/messages/1?x=1');
    expect(ownSitePath('/events', 'https://mer.example')).toBe('/events');
    expect(ownSitePath('https://evil.example/', 'https://mer.example')).toBeNull();
    expect(ownSitePath('//evil.example/x', 'https://mer.example')).toBeNull();
    expect(ownSitePath('javascript:alert(1)', 'https://mer.example')).toBeNull();
  });
});
