import { describe, expect, it } from 'vitest';
import { StorageKeys } from '@mer/api-client';
import { BROWSER_STORAGE } from './browser-storage.ts';

describe('the Cookie Policy lists what MER keeps in the browser (issue 13 item 9)', () => {
  it('names every local storage key the app writes', () => {
    const listed = BROWSER_STORAGE.map((row) => row.key);
    // onboardingStep and onboardingData are only ever removed (left by older versions), never written.
    const written = Object.entries(StorageKeys)
      .filter(([name]) => !['onboardingStep', 'onboardingData'].includes(name))
      .map(([, key]) => key);
    for (const key of written)
      expect(
        listed.some((l) => l.startsWith(key)),
        key,
      ).toBe(true);
    expect(listed.length).toBe(written.length);
  });
});
