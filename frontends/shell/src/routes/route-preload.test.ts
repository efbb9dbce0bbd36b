import { describe, expect, it } from 'vitest';
import { connectionAllowsPreload, preloadTargets } from './route-preload.ts';
import { ROUTES } from './route-table.ts';

const modules = (pathname: string) => preloadTargets(pathname, ROUTES).map((e) => `${e.remote}/${e.module}`);

describe('route preloading by prefix (spec 001 section 2)', () => {
  it('/ loads community and events', () => {
    expect(modules('/')).toEqual(['community/FeedPage', 'gatherings/EventsPage']);
  });
  it('/community (and pages under it) loads messages and people', () => {
    expect(modules('/community')).toEqual(['messages/MessagesPage', 'people/PeoplePage']);
    expect(modules('/community/post/42')).toEqual(['messages/MessagesPage', 'people/PeoplePage']);
  });
  it('/events loads event detail and create event; /circles circle detail and create circle', () => {
    expect(modules('/events')).toEqual(['gatherings/EventDetailPage', 'gatherings/CreateEventPage']);
    expect(modules('/circles')).toEqual(['gatherings/CircleDetailPage', 'gatherings/CreateCirclePage']);
  });
  it('/people loads profile and messages; other pages nothing', () => {
    expect(modules('/people')).toEqual(['people/ProfilePage', 'messages/MessagesPage']);
    expect(modules('/settings')).toEqual([]);
    expect(modules('/communityx')).toEqual([]);
  });
  it('is skipped on 2g, slow-2g and save-data', () => {
    expect(connectionAllowsPreload(undefined)).toBe(true);
    expect(connectionAllowsPreload({ effectiveType: '4g' })).toBe(true);
    expect(connectionAllowsPreload({ effectiveType: '2g' })).toBe(false);
    expect(connectionAllowsPreload({ effectiveType: 'slow-2g' })).toBe(false);
    expect(connectionAllowsPreload({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});
