import { describe, expect, it } from 'vitest';
import { formatMemberCount } from './community.ts';

describe('member count (N.NK+ from 1000 upwards)', () => {
  it('formats', () => {
    expect(formatMemberCount(999)).toBe('999');
    expect(formatMemberCount(1000)).toBe('1.0K+');
    expect(formatMemberCount(1249)).toBe('1.2K+');
    expect(formatMemberCount(12_980)).toBe('12.9K+');
  });
});
