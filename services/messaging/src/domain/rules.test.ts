import { describe, expect, it } from 'vitest';
import { MessagingTexts } from '@mer/contracts';
import { consentRefusal, countReactions, isSeen, orderedPair, participantName } from './rules.ts';

describe('messaging rules', () => {
  it('orders a pair the same way whoever starts', () => {
    const a = '00000000-0000-4000-8000-000000000001';
    const b = '00000000-0000-4000-8000-000000000002';
    expect(orderedPair(a, b)).toEqual(orderedPair(b, a));
    expect(orderedPair(b, a)).toEqual({ low: a, high: b });
  });

  it('refuses blocked pairs first, then non-connections of a member who allows only connections', () => {
    expect(consentRefusal({ blocked: true, recipientOnlyConnections: false, connected: true })).toBe(
      MessagingTexts.cannotMessage,
    );
    expect(consentRefusal({ blocked: false, recipientOnlyConnections: true, connected: false })).toBe(
      MessagingTexts.onlyConnections,
    );
    expect(consentRefusal({ blocked: false, recipientOnlyConnections: true, connected: true })).toBeNull();
    expect(consentRefusal({ blocked: false, recipientOnlyConnections: false, connected: false })).toBeNull();
  });

  it("names the other member, or 'Group Chat' / 'Unknown'", () => {
    expect(participantName(false, 'Ana')).toBe('Ana');
    expect(participantName(false, null)).toBe('Unknown');
    expect(participantName(false, '')).toBe('Unknown');
    expect(participantName(true, null)).toBe('Group Chat');
  });

  it('counts reactions, most used first', () => {
    expect(countReactions(['🙏', '❤️', '🙏'])).toEqual([
      { reaction: '🙏', count: 2 },
      { reaction: '❤️', count: 1 },
    ]);
    expect(countReactions([])).toEqual([]);
  });

  it("shows 'Seen' up to the other member's read position, never with receipts off", () => {
    expect(isSeen(3, 3)).toBe(true);
    expect(isSeen(4, 3)).toBe(false);
    expect(isSeen(1, null)).toBe(false);
  });
});
