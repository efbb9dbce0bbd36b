import { describe, expect, it } from 'vitest';
import type { MyProfile } from '@mer/contracts';
import {
  initialOptimisticProfile,
  isSaving,
  optimisticProfileReducer as reduce,
  visibleProfile,
} from './optimistic-profile.ts';

const profile = { userId: 'u1', name: 'Willow', bio: 'Hello', interests: ['Yoga'] } as MyProfile;

describe('optimisticProfileReducer', () => {
  it('shows an edit at once and keeps the server answer when it is confirmed', () => {
    let state = reduce(initialOptimisticProfile, { type: 'loaded', profile });
    state = reduce(state, { type: 'edited', id: 1, changes: { name: 'Willow Brook' } });
    expect(visibleProfile(state)?.name).toBe('Willow Brook');
    expect(isSaving(state)).toBe(true);
    state = reduce(state, { type: 'confirmed', id: 1, profile: { ...profile, name: 'Willow Brook' } });
    expect(visibleProfile(state)?.name).toBe('Willow Brook');
    expect(isSaving(state)).toBe(false);
  });

  it('rolls back a failed edit to the last confirmed profile', () => {
    let state = reduce(initialOptimisticProfile, { type: 'loaded', profile });
    state = reduce(state, { type: 'edited', id: 1, changes: { bio: 'Changed' } });
    state = reduce(state, { type: 'failed', id: 1 });
    expect(visibleProfile(state)).toEqual(profile);
  });

  it('rolls back only the failed edit when two are in flight', () => {
    let state = reduce(initialOptimisticProfile, { type: 'loaded', profile });
    state = reduce(state, { type: 'edited', id: 1, changes: { name: 'A' } });
    state = reduce(state, { type: 'edited', id: 2, changes: { bio: 'B' } });
    state = reduce(state, { type: 'failed', id: 1 });
    expect(visibleProfile(state)).toMatchObject({ name: 'Willow', bio: 'B' });
    state = reduce(state, { type: 'confirmed', id: 2, profile: { ...profile, bio: 'B' } });
    expect(visibleProfile(state)).toMatchObject({ name: 'Willow', bio: 'B' });
  });

  it('keeps a later pending edit visible over an earlier confirmation', () => {
    let state = reduce(initialOptimisticProfile, { type: 'loaded', profile });
    state = reduce(state, { type: 'edited', id: 1, changes: { name: 'A' } });
    state = reduce(state, { type: 'edited', id: 2, changes: { name: 'B' } });
    state = reduce(state, { type: 'confirmed', id: 1, profile: { ...profile, name: 'A' } });
    expect(visibleProfile(state)?.name).toBe('B');
  });

  it('shows nothing before the profile is loaded', () => {
    expect(visibleProfile(initialOptimisticProfile)).toBeNull();
  });
});
