import { describe, expect, it } from 'vitest';
import { isDeletionConfirmed } from './delete-confirmation.ts';

describe('isDeletionConfirmed', () => {
  it('accepts DELETE in capitals, with surrounding spaces', () => {
    expect(isDeletionConfirmed('DELETE', 'willow')).toBe(true);
    expect(isDeletionConfirmed('  DELETE ', null)).toBe(true);
  });
  it('refuses other spellings of the word', () => {
    expect(isDeletionConfirmed('delete', 'willow')).toBe(false);
    expect(isDeletionConfirmed('DELET', 'willow')).toBe(false);
  });
  it("accepts the member's own username in any case", () => {
    expect(isDeletionConfirmed('Willow', 'willow')).toBe(true);
    expect(isDeletionConfirmed('willow2', 'willow')).toBe(false);
  });
  it('refuses blank input even when the member has no username', () => {
    expect(isDeletionConfirmed('', '')).toBe(false);
    expect(isDeletionConfirmed('   ', null)).toBe(false);
    expect(isDeletionConfirmed('someone', undefined)).toBe(false);
  });
});
