import { describe, expect, it } from 'vitest';
import { shouldPreload } from './route-preload.ts';

describe('shouldPreload', () => {
  it('skips 2g, slow-2g and save-data connections', () => {
    expect(shouldPreload({ effectiveType: '2g' })).toBe(false);
    expect(shouldPreload({ effectiveType: 'slow-2g' })).toBe(false);
    expect(shouldPreload({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(shouldPreload({ effectiveType: '4g' })).toBe(true);
    expect(shouldPreload(undefined)).toBe(true);
  });
});
