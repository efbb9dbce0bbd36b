import { describe, expect, it } from 'vitest';
import { formatMemberCount, memberCountText } from './member-count.ts';

describe('member count (N.NK+ from 1000 upwards)', () => {
  it('formats', () => {
    expect(formatMemberCount(999, 'en-GB')).toBe('999');
    expect(formatMemberCount(1000, 'en-GB')).toBe('1.0K+');
    expect(formatMemberCount(1249, 'en-GB')).toBe('1.2K+');
    expect(formatMemberCount(12_980, 'en-GB')).toBe('12.9K+');
  });
  it("writes the digits in the member's locale", () => {
    expect(formatMemberCount(1249, 'de-DE')).toBe('1,2K+');
    expect(formatMemberCount(1_234_567, 'en-GB')).toBe('1,234.5K+');
  });
  it('says "1 member", never "1 members"', () => {
    expect(memberCountText(1, 'en-GB')).toBe('1 member');
    expect(memberCountText(2, 'en-GB')).toBe('2 members');
    expect(memberCountText(1249, 'de-DE')).toBe('1,2K+ members');
  });
});
