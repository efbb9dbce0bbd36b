import { describe, expect, it } from 'vitest';
import { isMissingExposeError } from './missing-module.ts';

describe('isMissingExposeError', () => {
  it('recognises the federation runtime error for a module the remote does not expose', () => {
    expect(
      isMissingExposeError(new Error('[Module Federation] Module ./PeoplePage does not exist in container.')),
    ).toBe(true);
  });
  it('leaves network and chunk errors to the recoverable error boundary', () => {
    expect(isMissingExposeError(new Error('Failed to fetch dynamically imported module'))).toBe(false);
    expect(isMissingExposeError('does not exist in container')).toBe(false);
  });
});
