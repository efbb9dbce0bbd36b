import { describe, expect, it } from 'vitest';
import { HOME_TITLE, NOT_FOUND_TITLE, pageTitleFor } from './page-title.ts';

describe('document titles (issue 13 item 11)', () => {
  it('gives each page its own title, also pages with parameters', () => {
    expect(pageTitleFor('/')).toBe(HOME_TITLE);
    expect(pageTitleFor('/settings')).toBe('Settings · MER');
    expect(pageTitleFor('/login')).toBe('Log in · MER');
    expect(pageTitleFor('/signup')).toBe('Sign up · MER');
    expect(pageTitleFor('/membership')).toBe('Membership · MER');
    expect(pageTitleFor('/my-profile')).toBe('My profile · MER');
    expect(pageTitleFor('/profile/4f1c')).toBe('Profile · MER');
    expect(pageTitleFor('/circles/5/forum/8')).toBe('Circle · MER');
    expect(pageTitleFor('/admin/user-profile/u1')).toBe('Member profile · MER');
    expect(pageTitleFor('/admin/members')).toBe('Admin · MER');
    expect(pageTitleFor('/privacy')).toBe('Privacy Policy · MER');
    expect(pageTitleFor('/terms')).toBe('Terms of Service · MER');
    expect(pageTitleFor('/cookies')).toBe('Cookie Policy · MER');
    expect(pageTitleFor('/no/such/page')).toBe(NOT_FOUND_TITLE);
  });

  it('no two distinct pages of the access area share a title', () => {
    const paths = ['/', '/signup', '/login', '/reset-password', '/signup-handler', '/welcome', '/membership'];
    const titles = paths.map(pageTitleFor);
    expect(new Set(titles).size).toBe(paths.length);
  });
});
