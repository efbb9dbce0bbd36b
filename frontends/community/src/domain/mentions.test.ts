import { describe, expect, it } from 'vitest';
import type { FeedMember } from '@mer/contracts';
import { insertMention, mentionCandidates, mentionQueryAt } from './mentions.ts';

const member = (userId: string, name: string, username: string): FeedMember => ({
  userId,
  name,
  username,
  imageUrl: null,
});

describe('@mentions while typing', () => {
  it('finds the @word just before the caret, at the start or after a space only', () => {
    expect(mentionQueryAt('Thanks @ald', 11)).toEqual({ start: 7, query: 'ald' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail me at me@example.org', 25)).toBeNull();
    expect(mentionQueryAt('Thanks @ald and more', 20)).toBeNull();
  });

  it('replaces the @word with the username and a space, and moves the caret after it', () => {
    expect(insertMention('Thanks @ald!', { start: 7 }, 11, 'alder_x1')).toEqual({
      text: 'Thanks @alder_x1 !',
      caret: 17,
    });
  });

  it('matches usernames and words of names, each member once, at most six', () => {
    const alder = member('1', 'Alder Stone', 'alder_x1');
    const members = [
      alder,
      member('2', 'Birch Stone', 'birch'),
      alder,
      member('3', 'Willow Alder', 'willow'),
    ];
    expect(mentionCandidates(members, 'ald').map((m) => m.userId)).toEqual(['1', '3']);
    expect(mentionCandidates(members, 'STONE').map((m) => m.userId)).toEqual(['1', '2']);
    const many = Array.from({ length: 10 }, (_, i) => member(String(i), `Sage ${i}`, `sage${i}`));
    expect(mentionCandidates(many, 'sa')).toHaveLength(6);
  });
});
