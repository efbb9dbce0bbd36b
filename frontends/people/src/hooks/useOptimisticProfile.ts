import { useCallback, useReducer, useRef } from 'react';
import type { MyProfile } from '@mer/contracts';
import { toApiError, useSessionStore } from '@mer/api-client';
import { updateMyProfile, type ProfilePatch } from '../api/profile.ts';
import {
  initialOptimisticProfile,
  isSaving,
  optimisticProfileReducer,
  visibleProfile,
} from '../domain/optimistic-profile.ts';
import type { Feedback } from '@mer/design-system';

export const ProfileUpdateTexts = {
  updated: 'Profile Updated',
  failed: 'Update Failed',
  failedFallback: 'Failed to update profile',
  notAuthenticated: 'User not authenticated',
} as const;

/**
 * The member's profile with optimistic edits: `save` shows the change at once, sends the PATCH, and on
 * failure rolls that change back with 'Update Failed' (spec 000 section 8).
 */
export function useOptimisticProfile(notify: (feedback: Feedback) => void) {
  const [state, dispatch] = useReducer(optimisticProfileReducer, initialOptimisticProfile);
  const nextId = useRef(1);

  const loaded = useCallback((profile: MyProfile) => dispatch({ type: 'loaded', profile }), []);

  const save = useCallback(
    async (patch: ProfilePatch, changes: Partial<MyProfile>) => {
      if (useSessionStore.getState().status !== 'signed-in') {
        notify({ title: ProfileUpdateTexts.notAuthenticated, tone: 'error' });
        return false;
      }
      const id = nextId.current++;
      dispatch({ type: 'edited', id, changes });
      try {
        // Also refreshes the shell's navigation (name and photo).
        const profile = await updateMyProfile(patch);
        dispatch({ type: 'confirmed', id, profile });
        notify({ title: ProfileUpdateTexts.updated, tone: 'success' });
        return true;
      } catch (error) {
        dispatch({ type: 'failed', id });
        const message = toApiError(error).message;
        notify({
          title: ProfileUpdateTexts.failed,
          description: message || ProfileUpdateTexts.failedFallback,
          tone: 'error',
        });
        return false;
      }
    },
    [notify],
  );

  return { profile: visibleProfile(state), saving: isSaving(state), loaded, save };
}
