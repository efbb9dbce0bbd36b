import { describe, expect, it } from 'vitest';
import { matchPath } from '@mer/router';
import { REMOTE_MANIFESTS, ROUTES } from './route-table.ts';

const find = (pathname: string) => ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));

describe('route table (both spec documents)', () => {
  it('covers every path of the spec with the right owner and guard', () => {
    const expectations: Array<[string, string, string]> = [
      ['/', 'access', 'none'],
      ['/signup', 'access', 'none'],
      ['/login', 'access', 'none'],
      ['/reset-password', 'access', 'none'],
      ['/privacy', 'access', 'none'],
      ['/terms', 'onboarding', 'none'],
      ['/cookies', 'access', 'none'],
      ['/membership', 'onboarding', 'login'],
      ['/signup-handler', 'access', 'login'],
      ['/onboarding', 'onboarding', 'login'],
      ['/welcome', 'access', 'login'],
      ['/community', 'community', 'member'],
      ['/feed', 'community', 'member'],
      ['/albums', 'community', 'member'],
      ['/community/post/42', 'community', 'member'],
      ['/post/42', 'community', 'member'],
      ['/discussions/9', 'community', 'member'],
      ['/people', 'people', 'member'],
      ['/connections', 'people', 'member'],
      ['/profile/u1', 'people', 'member'],
      ['/my-profile', 'people', 'member'],
      ['/settings', 'people', 'member'],
      ['/photos', 'community', 'member'],
      ['/events', 'gatherings', 'member'],
      ['/events/3', 'gatherings', 'member'],
      ['/create-event', 'gatherings', 'member'],
      ['/all-events', 'gatherings', 'member'],
      ['/engage', 'gatherings', 'member'],
      ['/discover', 'gatherings', 'member'],
      ['/circles', 'gatherings', 'member'],
      ['/all-circles', 'gatherings', 'member'],
      ['/create-circle', 'gatherings', 'member'],
      ['/circles/5', 'gatherings', 'member'],
      ['/circles/5/about', 'gatherings', 'member'],
      ['/circles/5/forum/8', 'gatherings', 'member'],
      ['/circles/5/discussions/8', 'gatherings', 'member'],
      ['/circles/5/posts/8', 'gatherings', 'member'],
      ['/circles/5/meetups/8', 'gatherings', 'member'],
      ['/messages', 'messages', 'member'],
      ['/messages/c1', 'messages', 'member'],
      ['/conversations', 'messages', 'member'],
      ['/notifications', 'notifications', 'member'],
      ['/email-test', 'notifications', 'member'],
      ['/session-manager', 'admin-area', 'none'],
      ['/admin', 'admin-area', 'member'],
      ['/admin/users', 'admin-area', 'member'],
      ['/admin/user-profile/u1', 'admin-area', 'member'],
    ];
    for (const [path, remote, guard] of expectations) {
      const route = find(path);
      expect(route, path).toBeDefined();
      expect([path, route!.remote, route!.guard]).toEqual([path, remote, guard]);
    }
  });

  it('sends every circle sub-path except /about to the circle detail page', () => {
    expect(find('/circles/5/about')!.module).toBe('CircleAboutPage');
    expect(find('/circles/5/meetups/1')!.module).toBe('CircleDetailPage');
    expect(find('/circles/5')!.module).toBe('CircleDetailPage');
  });
});

describe('route manifests', () => {
  it('serves each path from one place only (a remote with a manifest is not also in the hand-written table)', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
    for (const manifest of REMOTE_MANIFESTS)
      expect(ROUTES.filter((r) => r.remote === manifest.remote)).toHaveLength(manifest.routes.length);
  });
});
