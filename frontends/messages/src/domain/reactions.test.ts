import { describe, expect, it } from 'vitest';
import { nextReaction, reactionLabel, withMyReaction } from './reactions.ts';

describe('message reactions', () => {
  it('toggles the own reaction and replaces another', () => {
    expect(nextReaction(null, '❤️')).toBe('❤️');
    expect(nextReaction('❤️', '❤️')).toBeNull();
    expect(nextReaction('❤️', '🙏')).toBe('🙏');
  });

  it('moves the own count from the old reaction to the new one', () => {
    const counts = [
      { reaction: '❤️', count: 2 },
      { reaction: '👍', count: 1 },
    ];
    expect(withMyReaction(counts, null, '🙏')).toEqual([...counts, { reaction: '🙏', count: 1 }]);
    expect(withMyReaction(counts, '👍', '❤️')).toEqual([{ reaction: '❤️', count: 3 }]);
    expect(withMyReaction(counts, '❤️', null)).toEqual([
      { reaction: '❤️', count: 1 },
      { reaction: '👍', count: 1 },
    ]);
  });

  it('names the picker’s reactions and shows any other as it is', () => {
    expect(reactionLabel('🙏')).toBe('Thanks');
    expect(reactionLabel('thanks')).toBe('thanks');
  });
});
