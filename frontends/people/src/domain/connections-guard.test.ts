import { describe, expect, it } from 'vitest';
import { connectionsGuard, tabFromSearch } from './connections-guard.ts';

describe('connectionsGuard', () => {
  it('shows the page to a member whose real profile says onboarding is complete', () => {
    expect(
      connectionsGuard({ profile: { onboardingCompleted: true, source: 'profile' }, isLoading: false }),
    ).toBe('show');
    expect(
      connectionsGuard({ profile: { onboardingCompleted: true, source: 'cache' }, isLoading: false }),
    ).toBe('show');
  });

  it('waits for the profile, sends an unfinished one to onboarding, and refuses the basic profile', () => {
    expect(connectionsGuard({ profile: null, isLoading: true })).toBe('wait');
    expect(connectionsGuard({ profile: null, isLoading: false })).toBe('connection-error');
    expect(
      connectionsGuard({ profile: { onboardingCompleted: false, source: 'profile' }, isLoading: false }),
    ).toBe('to-onboarding');
    expect(
      connectionsGuard({ profile: { onboardingCompleted: true, source: 'basic' }, isLoading: false }),
    ).toBe('connection-error');
  });
});

describe('tabFromSearch', () => {
  it('reads the three tabs and falls back to requests', () => {
    expect(tabFromSearch('?tab=connections')).toBe('connections');
    expect(tabFromSearch('?tab=connect-requests')).toBe('connect-requests');
    expect(tabFromSearch('?tab=nope')).toBe('requests');
    expect(tabFromSearch('')).toBe('requests');
  });
});
