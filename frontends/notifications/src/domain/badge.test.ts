import { describe, expect, it } from 'vitest';
import { bellBadgeText, bellLabel } from './badge.ts';

describe('the bell badge (spec 001 section 9)', () => {
  it('shows the count up to 9, 9+ above 9 and 99+ above 99', () => {
    expect(bellBadgeText(0)).toBeNull();
    expect(bellBadgeText(1)).toBe('1');
    expect(bellBadgeText(9)).toBe('9');
    expect(bellBadgeText(10)).toBe('9+');
    expect(bellBadgeText(99)).toBe('9+');
    expect(bellBadgeText(100)).toBe('99+');
    expect(bellBadgeText(4321)).toBe('99+');
  });
  it('tells screen readers the real count', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(120)).toBe('Notifications, 120 unread');
  });
});
