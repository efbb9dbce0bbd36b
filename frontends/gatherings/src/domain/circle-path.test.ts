import { describe, expect, it } from 'vitest';
import { circleLocation, circlePath } from './circle-path.ts';

describe('circle sub-paths', () => {
  it('open the right tab and item', () => {
    expect(circleLocation('/circles/c1')).toEqual({ circleId: 'c1', tab: 'posts', itemId: null });
    expect(circleLocation('/circles/c1/forum/t9')).toEqual({ circleId: 'c1', tab: 'forum', itemId: 't9' });
    expect(circleLocation('/circles/c1/discussions/d2')).toEqual({
      circleId: 'c1',
      tab: 'discussions',
      itemId: 'd2',
    });
    expect(circleLocation('/circles/c1/posts/p3')).toEqual({ circleId: 'c1', tab: 'posts', itemId: 'p3' });
    expect(circleLocation('/circles/c1/meetups/m4')).toEqual({
      circleId: 'c1',
      tab: 'meetups',
      itemId: 'm4',
    });
    expect(circleLocation('/circles/c1/members')).toEqual({ circleId: 'c1', tab: 'members', itemId: null });
    expect(circleLocation('/circles/c1/elsewhere/x')).toEqual({ circleId: 'c1', tab: 'posts', itemId: null });
    expect(circleLocation('/events/1')).toBeNull();
  });

  it('write a tab or an item back into the path', () => {
    expect(circlePath('c1')).toBe('/circles/c1');
    expect(circlePath('c1', 'forum')).toBe('/circles/c1/forum');
    expect(circlePath('c1', 'meetups', 'm4')).toBe('/circles/c1/meetups/m4');
    expect(circleLocation(circlePath('c1', 'discussions', 'd 2'))).toEqual({
      circleId: 'c1',
      tab: 'discussions',
      itemId: 'd 2',
    });
  });
});
