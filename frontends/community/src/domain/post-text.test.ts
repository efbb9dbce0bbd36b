import { describe, expect, it } from 'vitest';
import { postHtmlToText, textToPostHtml, wrapSelection } from './post-text.ts';
import { nextReaction, topReactions, totalReactions } from './reactions.ts';

describe('post text with light formatting', () => {
  it('keeps line breaks and paragraphs, and turns stored HTML back into the same text', () => {
    const text = 'First line\nsecond <b>line</b>\n\nA new paragraph & more';
    const html = textToPostHtml(text);
    expect(html).toBe('<p>First line<br>second <b>line</b></p><p>A new paragraph & more</p>');
    expect(postHtmlToText('<p>First line<br>second <b>line</b></p><p>A new paragraph &amp; more</p>')).toBe(
      text,
    );
  });

  it('wraps the selection in the formatting tag and keeps it selected', () => {
    expect(wrapSelection('so calm today', 3, 7, 'b')).toEqual({
      text: 'so <b>calm</b> today',
      start: 6,
      end: 10,
    });
  });
});

describe('reactions', () => {
  const counts = { like: 2, love: 5, namaste: 0, insightful: 1, support: 0 };
  it('totals and orders the reactions given', () => {
    expect(totalReactions(counts)).toBe(8);
    expect(topReactions(counts)).toEqual(['love', 'like', 'insightful']);
  });
  it('picking the reaction already given takes it back', () => {
    expect(nextReaction('love', 'love')).toBeNull();
    expect(nextReaction('love', 'like')).toBe('like');
    expect(nextReaction(null, 'namaste')).toBe('namaste');
  });
});
