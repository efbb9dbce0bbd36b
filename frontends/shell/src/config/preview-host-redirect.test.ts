import { describe, expect, it } from 'vitest';
import { hostMatches, previewRedirectTarget } from './preview-host-redirect.ts';

const at = (href: string) => {
  const u = new URL(href);
  return { hostname: u.hostname, pathname: u.pathname, search: u.search, hash: u.hash };
};

describe('preview-host redirect', () => {
  it('keeps path, query and hash', () => {
    expect(
      previewRedirectTarget(
        at('https://preview.mer.example/circles/7?tab=about#top'),
        'https://mer.example',
        ['preview.mer.example'],
      ),
    ).toBe('https://mer.example/circles/7?tab=about#top');
  });

  it('matches wildcard sub-domains and ignores other hosts', () => {
    expect(hostMatches('pr-12.preview.mer.example', '*.preview.mer.example')).toBe(true);
    expect(hostMatches('preview.mer.example', '*.preview.mer.example')).toBe(false);
    expect(
      previewRedirectTarget(at('https://mer.example/'), 'https://mer.example', ['*.preview.mer.example']),
    ).toBeNull();
  });

  it('does nothing without configuration', () => {
    expect(previewRedirectTarget(at('https://preview.mer.example/'), '', ['preview.mer.example'])).toBeNull();
    expect(previewRedirectTarget(at('https://preview.mer.example/'), 'https://mer.example', [])).toBeNull();
  });
});
