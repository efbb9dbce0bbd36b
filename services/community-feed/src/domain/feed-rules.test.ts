import { describe, expect, it } from 'vitest';
import {
  decodeCursor,
  encodeCursor,
  mayContribute,
  mentionedUsernames,
  plainText,
  preview,
  reachesHideThreshold,
} from './feed-rules.ts';

describe('feed cursors', () => {
  it('round-trips newest and most-active cursors and refuses anything else', () => {
    expect(decodeCursor(encodeCursor({ seq: '123' }))).toEqual({ seq: '123' });
    expect(decodeCursor(encodeCursor({ seq: '9', activity: 42 }))).toEqual({ seq: '9', activity: 42 });
    for (const bad of [
      '',
      'abc',
      Buffer.from('1;drop').toString('base64url'),
      Buffer.from('-1').toString('base64url'),
    ])
      expect(decodeCursor(bad)).toBeUndefined();
  });
});

describe('mentions', () => {
  it('finds distinct @usernames, not e-mail addresses', () => {
    expect(
      mentionedUsernames('<p>Thanks @Ana_Lua and @bo_b! @ana_lua again; mail me at x@example.com</p>'),
    ).toEqual(['ana_lua', 'bo_b']);
    expect(mentionedUsernames('@ab is too short')).toEqual([]);
  });
});

describe('previews', () => {
  it('are plain text of at most 140 characters', () => {
    expect(plainText('<p>Hi <b>there</b> &amp; welcome</p>')).toBe('Hi there & welcome');
    const long = preview(`<p>${'a'.repeat(300)}</p>`);
    expect(long).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('rules', () => {
  it('hides at three reporters and lets paid onboarded members or admins contribute', () => {
    expect(reachesHideThreshold(2)).toBe(false);
    expect(reachesHideThreshold(3)).toBe(true);
    expect(mayContribute({ onboarded: true, paid: true, admin: false })).toBe(true);
    expect(mayContribute({ onboarded: true, paid: false, admin: false })).toBe(false);
    expect(mayContribute({ onboarded: false, paid: true, admin: false })).toBe(false);
    expect(mayContribute({ onboarded: false, paid: false, admin: true })).toBe(true);
  });
});
