import { describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMMUTABLE, builtRemotes, cacheControlFor, remotesConfig, siteConfig } from './static-site.ts';

describe('cacheControlFor', () => {
  it('keeps content-hashed build assets for a year', () => {
    expect(cacheControlFor('/srv/frontends/shell/dist/assets/index-BmWk3a9x.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/srv/frontends/shell/dist/assets/style.Zq8_x-1a.css')).toBe(IMMUTABLE);
    expect(cacheControlFor('C:\\mer\\community\\dist\\assets\\feed-Zz9_8-7q.js')).toBe(IMMUTABLE);
  });

  it('revalidates HTML, remote entries, the service worker and unhashed files', () => {
    for (const path of [
      '/d/shell/dist/index.html',
      '/d/community/dist/remoteEntry.js',
      '/d/community/dist/assets/remoteEntry.js',
      '/d/shell/dist/sw.js',
      '/d/shell/dist/manifest.webmanifest',
      '/d/shell/dist/favicon.svg',
      '/d/shell/dist/assets/logo.svg',
    ]) {
      expect(cacheControlFor(path), path).toBe('no-cache');
    }
  });
});

describe('remotesConfig', () => {
  it('lists built remotes and applies MER_REMOTE_<NAME>_URL overrides', async () => {
    const root = await mkdtemp(join(tmpdir(), 'mer-remotes-'));
    await mkdir(join(root, 'shell', 'dist'), { recursive: true });
    await writeFile(join(root, 'shell', 'dist', 'remoteEntry.js'), '');
    await mkdir(join(root, 'people', 'dist'), { recursive: true });
    await writeFile(join(root, 'people', 'dist', 'remoteEntry.js'), '');
    await mkdir(join(root, 'admin', 'dist', 'assets'), { recursive: true });
    await writeFile(join(root, 'admin', 'dist', 'assets', 'remoteEntry.js'), '');
    await mkdir(join(root, 'design-system', 'dist'), { recursive: true });

    expect([...builtRemotes(root)]).toEqual([
      ['admin', '/remotes/admin/assets/remoteEntry.js'],
      ['people', '/remotes/people/remoteEntry.js'],
    ]);
    expect(
      remotesConfig(root, {
        MER_REMOTE_PEOPLE_URL: 'https://cdn.example.org/people/remoteEntry.js',
        MER_REMOTE_EVENTS_CIRCLES_URL: '/elsewhere/remoteEntry.js',
        MER_REMOTE_EMPTY_URL: '',
        OTHER: 'x',
      }),
    ).toEqual({
      admin: '/remotes/admin/assets/remoteEntry.js',
      people: 'https://cdn.example.org/people/remoteEntry.js',
      'events-circles': '/elsewhere/remoteEntry.js',
    });
  });

  it('is empty when the folder does not exist', () => {
    expect(remotesConfig('/nonexistent/mer', {})).toEqual({});
  });
});

describe('siteConfig', () => {
  it('passes the production origin, preview hosts and support e-mail from env to the shell', () => {
    expect(
      siteConfig({
        MER_PRODUCTION_ORIGIN: 'https://mer.example',
        MER_PREVIEW_HOSTS: 'preview.mer.example, *.pages.example ,',
        MER_SUPPORT_EMAIL: 'care@mer.example',
      }),
    ).toEqual({
      productionOrigin: 'https://mer.example',
      previewHosts: ['preview.mer.example', '*.pages.example'],
      supportEmail: 'care@mer.example',
    });
  });

  it('leaves out unset or malformed values so the shell keeps its defaults', () => {
    expect(siteConfig({})).toEqual({});
    expect(
      siteConfig({
        MER_PRODUCTION_ORIGIN: 'javascript:alert(1)',
        MER_PREVIEW_HOSTS: '</script><script>',
        MER_SUPPORT_EMAIL: 'not an address',
      }),
    ).toEqual({});
  });
});
