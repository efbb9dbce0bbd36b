import { useCallback, useReducer, useRef } from 'react';
import { profileApi, toApiError, useSessionStore, type MyProfile, type ProfilePatch } from '@mer/api-client';
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
 * The shell's navigation shows the member's name and photo from @mer/server-state's profile query; after a
 * change it is fetched again. Imported on demand: a remote loads every shared module its pages import
 * statically when it starts, and the query library is not needed before the first save.
 */
export function refreshShellProfile(): void {
  void import('@mer/server-state').then(({ refreshMemberProfile }) => refreshMemberProfile()).catch(() => {});
}

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
        const profile = await profileApi.updateMyProfile(patch);
        dispatch({ type: 'confirmed', id, profile });
        refreshShellProfile();
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
