import { describe, expect, it } from 'vitest';
import { announcementFrom, countsAsNewPost, newPostsLabel } from './new-posts.ts';
import { filterFor } from './feed-filter.ts';

const context = { viewerId: 'me', filter: filterFor('latest', null), shownPostIds: new Set(['shown']) };

describe('the "N new posts" pill', () => {
  it('reads announcements from /ws and ignores malformed ones', () => {
    expect(announcementFrom({ postId: 'p1', authorId: 'a', topic: 'gratitude', visibility: 'all' })).toEqual({
      postId: 'p1',
      authorId: 'a',
      topic: 'gratitude',
      visibility: 'all',
    });
    expect(announcementFrom({ id: 'p1' })).toBeNull();
  });

  it("counts others' posts not yet shown, of the view's topic", () => {
    expect(countsAsNewPost({ postId: 'p1', authorId: 'other' }, context)).toBe(true);
    expect(countsAsNewPost({ postId: 'p1', authorId: 'me' }, context)).toBe(false);
    expect(countsAsNewPost({ postId: 'shown', authorId: 'other' }, context)).toBe(false);
    // A connections-only post is announced without its author: it counts (the feed decides what is shown).
    expect(countsAsNewPost({ postId: 'p2', visibility: 'connections' }, context)).toBe(true);
    const gratitude = { ...context, filter: filterFor('latest', 'gratitude') };
    expect(countsAsNewPost({ postId: 'p3', authorId: 'other', topic: 'healing' }, gratitude)).toBe(false);
    expect(countsAsNewPost({ postId: 'p3', authorId: 'other', topic: 'gratitude' }, gratitude)).toBe(true);
  });

  it('says how many', () => {
    expect(newPostsLabel(1)).toBe('1 new post');
    expect(newPostsLabel(4)).toBe('4 new posts');
  });
});
